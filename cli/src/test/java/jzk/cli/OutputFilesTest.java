package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 item 4: outputs are refused up front when two are the same file or one cannot be written (before any
 * proving), old files survive a refused run, and {@code batch --out} replaces a symlink rather than writing through
 * it.
 */
@Timeout(60)
class OutputFilesTest {
    static final Path FIXTURE = CheckedSnarkjsProveTest.FIXTURE;

    @TempDir
    Path dir;

    @Test
    void sameProofAndPublicPathIsRefusedBeforeProving() throws Exception {
        Path x = dir.resolve("x.json");
        Files.writeString(x, "old");
        CliRun r = CliRun.of("prove", "--zkey", FIXTURE.resolve("k.zkey").toString(), "--wtns",
                FIXTURE.resolve("w.wtns").toString(), "--proof", x.toString(), "--public",
                dir.resolve("./x.json").toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: --proof and --public name the same file"), r.err());
        assertEquals("old", Files.readString(x));
    }

    @Test
    void unwritablePublicIsFoundBeforeWorkAndTheOldProofSurvives() throws Exception {
        Path proof = dir.resolve("proof.json");
        Files.writeString(proof, "old");
        Path plain = dir.resolve("plain");
        Files.writeString(plain, "x");
        CliRun r = CliRun.of("prove", "--zkey", FIXTURE.resolve("k.zkey").toString(), "--wtns",
                FIXTURE.resolve("w.wtns").toString(), "--proof", proof.toString(), "--public",
                plain.resolve("public.json").toString());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: cannot write --public " + plain.resolve("public.json")), r.err());
        assertEquals("", r.out(), "nothing proven");
        assertEquals("old", Files.readString(proof));
    }

    @Test
    void batchReportUnwritableIsFoundBeforeTheBatch() throws Exception {
        Path plain = dir.resolve("plain");
        Files.writeString(plain, "x");
        CliRun json = CliRun.of("batch", "--synthetic", "--count", "1", "--json", plain.resolve("r.json").toString());
        assertEquals(1, json.exitCode(), json.err());
        assertTrue(json.err().startsWith("jzk: cannot write --json " + plain.resolve("r.json")), json.err());
        assertEquals("", json.out(), "no batch ran");
        CliRun hgrm = CliRun.of("batch", "--synthetic", "--count", "1", "--hgrm", plain.resolve("h").toString());
        assertEquals(1, hgrm.exitCode(), hgrm.err());
        assertTrue(hgrm.err().startsWith("jzk: cannot write --hgrm " + plain.resolve("h")), hgrm.err());
        assertEquals("", hgrm.out(), "no batch ran");
    }

    @Test
    void batchOutReplacesASymlinkInsteadOfFollowingIt() throws Exception {
        Path out = dir.resolve("proofs");
        Files.createDirectories(out);
        Path victim = dir.resolve("victim.txt");
        Files.writeString(victim, "precious");
        Files.createSymbolicLink(out.resolve("proof-1.json"), victim);
        CliRun r = CliRun.of("batch", "--challenges", "1", "--depth", "2", "--cache", dir.resolve("cache").toString(),
                "--device", "cpu", "--count", "1", "--partitions", "1", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals("precious", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(out.resolve("proof-1.json")));
        assertTrue(Files.readString(out.resolve("proof-1.json")).contains("pi_a"));
        try (var s = Files.list(out)) {
            assertEquals(0, s.filter(p -> p.toString().endsWith(".tmp")).count());
        }
    }

    /**
     * {@code gen-input --out FILE} (the vocabulary of {@code batch --out}) means what {@code -o}/{@code --output}
     * mean: the three spellings write the same bytes for the same seed, a file that reads back with the asked
     * partition count.
     */
    @Test
    void genInputTakesOutLikeOutputAndO() throws Exception {
        String[] shape = {"--challenges", "1", "--depth", "2", "--partitions", "2", "--seed", "3"};
        byte[] first = null;
        for (String opt : new String[] {"--out", "-o", "--output"}) {
            Path f = dir.resolve("v" + opt.replace("-", "") + ".json");
            String[] args = new String[shape.length + 3];
            args[0] = "gen-input";
            System.arraycopy(shape, 0, args, 1, shape.length);
            args[shape.length + 1] = opt;
            args[shape.length + 2] = f.toString();
            CliRun r = CliRun.of(args);
            assertEquals(0, r.exitCode(), opt + ": " + r.err());
            assertTrue(r.out().startsWith("wrote " + f + ": 2 partition(s)"), r.out());
            assertEquals(2, jzk.prover.circuits.VanillaJson.read(f).partitionCount(), opt);
            byte[] bytes = Files.readAllBytes(f);
            if (first == null) {
                first = bytes;
            } else {
                assertTrue(java.util.Arrays.equals(first, bytes), opt + " wrote other bytes than --out");
            }
        }
        CliRun help = CliRun.of("gen-input", "--help");
        assertTrue(help.out().contains("-o, --out, --output=FILE"), help.out());
    }
}
