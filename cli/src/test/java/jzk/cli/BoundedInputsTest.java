package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 17 items 5 and 7: numeric options bounded up front (--lookahead 2^31 − 1 used to hang, 100 000 partition
 * workers died with a raw OutOfMemoryError trace, 10^8 challenges ran out of memory), JSON inputs bounded in size and
 * nesting, a directory or FIFO as input named as such, and an {@link Error} reported as one line saying what to
 * change. Every case: exit 2 (or 1 for the Error), one line, no trace, and in seconds.
 */
@Timeout(30)
class BoundedInputsTest {
    @TempDir
    Path dir;

    private static void assertOneLine(CliRun r, int code, String start) {
        assertEquals(code, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith(start), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void numericOptionsHaveUpperBounds() {
        assertOneLine(CliRun.of("batch", "--synthetic", "--lookahead", "2147483647"), 2,
                "jzk: --lookahead must be in 0..4096, got 2147483647");
        assertOneLine(CliRun.of("batch", "--synthetic", "--partition-workers", "100000"), 2,
                "jzk: --partition-workers must be in 1..1024, got 100000");
        assertOneLine(CliRun.of("batch", "--synthetic", "--count", "2000000"), 2,
                "jzk: --count must be in 1..1000000, got 2000000");
        assertOneLine(CliRun.of("batch", "--synthetic", "--concurrency", "2147483647"), 2,
                "jzk: --concurrency must be in 1..10000");
        assertOneLine(CliRun.of("batch", "--synthetic", "--finalizers", "5000"), 2, "jzk: --finalizers must be in");
        assertOneLine(CliRun.of("batch", "--synthetic", "--gpu-workers", "65"), 2, "jzk: --gpu-workers must be in");
        assertOneLine(CliRun.of("gen-input", "--challenges", "100000000", "-o", dir.resolve("v.json").toString()), 2,
                "jzk: --challenges must be in 1..1048576, got 100000000");
        assertOneLine(CliRun.of("setup", "--challenges", "1000000", "--depth", "60", "--vk",
                dir.resolve("vk.json").toString()), 2, "jzk: shape porep/k=1000000/d=60/leaf=poseidon has ");
        assertOneLine(CliRun.of("gen-input", "--partitions", "100000", "-o", dir.resolve("v.json").toString()), 2,
                "jzk: --partitions must be in 1..4096");
    }

    @Test
    void directoryAndFifoInputsAreNamedAsSuch() throws Exception {
        Path fixture = CheckedSnarkjsProveTest.FIXTURE;
        CliRun d = CliRun.of("prove", "--zkey", dir.toString(), "--wtns", fixture.resolve("w.wtns").toString(),
                "--proof", dir.resolve("p.json").toString(), "--public", dir.resolve("q.json").toString());
        assertOneLine(d, 2, "jzk: " + dir + ": is a directory; --zkey needs a file");
        CliRun v = CliRun.of("verify", "--vk", dir.toString());
        assertOneLine(v, 2, "jzk: " + dir + ": is a directory; --vk needs a file");
        Path fifo = dir.resolve("fifo");
        Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "no mkfifo");
        CliRun f = CliRun.of("prove", "--zkey", fixture.resolve("k.zkey").toString(), "--wtns", fifo.toString(),
                "--proof", dir.resolve("p.json").toString(), "--public", dir.resolve("q.json").toString());
        assertOneLine(f, 2, "jzk: " + fifo + ": is not a regular file (a FIFO, socket or device?)");
    }

    @Test
    void jsonInputsAreBoundedInSizeAndDepth() throws Exception {
        Path deep = dir.resolve("deep.json");
        Files.writeString(deep, "[".repeat(5000) + "]".repeat(5000));
        assertOneLine(CliRun.of("prove", "--input", deep.toString(), "--proof", dir.resolve("p.json").toString(),
                "--public", dir.resolve("q.json").toString(), "--device", "cpu"), 2, "jzk: ");
        Path deepProof = dir.resolve("deep-proof.json");
        Files.writeString(deepProof, "{\"a\":".repeat(5000) + "1" + "}".repeat(5000));
        Path fixture = CheckedSnarkjsProveTest.FIXTURE;
        assertOneLine(CliRun.of("verify", "--vk", fixture.resolve("vk.json").toString(), "--proof",
                deepProof.toString(), "--public", fixture.resolve("public.json").toString()), 2, "jzk: ");

        Path big = dir.resolve("big-public.json");
        try (var w = Files.newBufferedWriter(big)) {
            w.write("[");
            String v = "\"1234567890123456789012345678901234567890\",";
            for (long n = 0; n < (17L << 20) / v.length(); n++) {
                w.write(v);
            }
            w.write("\"1\"]");
        }
        assertOneLine(CliRun.of("verify", "--vk", fixture.resolve("vk.json").toString(), "--proof",
                fixture.resolve("proof.json").toString(), "--public", big.toString()), 2,
                "jzk: " + big + ": ");
        assertTrue(CliRun.of("verify", "--vk", fixture.resolve("vk.json").toString(), "--proof",
                fixture.resolve("proof.json").toString(), "--public", big.toString()).err()
                .contains("-byte limit for --public"));
    }

    @CommandLine.Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    @Test
    void anErrorIsOneLineSayingWhatToChange() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out);
        PrintWriter e = new PrintWriter(err);
        CommandLine cl = Main.commandLine(o, e, false);
        cl.addSubcommand("boom", new Boom());
        int code = Main.run(cl, new String[] {"boom"}, o, e);
        CliRun r = new CliRun(code, out.toString(), err.toString());
        assertOneLine(r, 1, "jzk: out of memory (Java heap space): give the JVM more (JZK_JAVA_OPTS=-Xmx");
        assertTrue(r.err().contains("--memory-budget") && r.err().contains("smaller shape"), r.err());
    }
}
