package jzk.tornado.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Both modes of {@link Progress} on a fake clock: the expected texts are written out here from the documented
 * formulas (rate = done / elapsed, ETA = ceil((total − done) / rate)), not taken from the code.
 */
class ProgressTest {
    private static final long S = 1_000_000_000L;
    private final long[] now = {0};

    @Test
    void linesAtMostOncePerIntervalAndNoneInTheFirst() {
        List<String> lines = new ArrayList<>();
        Progress p = Progress.lines(lines::add, 2 * S, () -> now[0]);
        try (Progress.Task t = p.start("setup: a", 1000, "points")) {
            now[0] = S;
            t.advance(100);                       // 1 s into the run: quiet
            assertEquals(List.of(), lines);
            now[0] = 2 * S;
            t.advance(100);                       // 200 in 2 s: 100/s, ETA 8 s
            now[0] = 3 * S;
            t.advance(100);                       // only 1 s since the last line: quiet
            now[0] = 4 * S;
            p.tick();                             // the ticker: 300 in 4 s, 75/s, ETA ceil(700/75) = 10 s
            now[0] = 5 * S;
            t.advance(200);                       // 1 s since the last line: quiet
            now[0] = 6 * S;
            p.tick();                             // 500 in 6 s: 83.3/s, ETA ceil(500/83.3) = 6 s
            now[0] = 9 * S;
            p.tick();                             // count unchanged since the last line: no new line
        }
        assertEquals(List.of("setup: a 200/1000 points, 100/s, ETA 8 s",
                "setup: a 300/1000 points, 75/s, ETA 10 s", "setup: a 500/1000 points, 83/s, ETA 6 s"), lines);
    }

    @Test
    void aShortPhasePrintsNothingAndAnUnknownTotalPrintsElapsedTime() {
        List<String> lines = new ArrayList<>();
        Progress p = Progress.lines(lines::add, 2 * S, () -> now[0]);
        try (Progress.Task t = p.start("quick", 10, "items")) {
            now[0] = S;
            t.advance(10);
        }
        assertEquals(List.of(), lines);
        now[0] = 10 * S;
        try (Progress.Task t = p.start("compiling kernel #1 K.k for opencl:0:0", 0, null)) {
            now[0] = 11 * S;
            p.tick();
            now[0] = 13 * S;                      // a blocked phase: the ticker's redraw still prints
            p.tick();
        }
        assertEquals(List.of("compiling kernel #1 K.k for opencl:0:0, 3 s"), lines);
    }

    @Test
    void terminalRedrawsInPlaceClearsAndLeavesASummaryOfALongTask() {
        StringWriter err = new StringWriter();
        Progress p = Progress.terminal(new PrintWriter(err, true), () -> now[0]);
        Progress.Task t = p.start("proving", 4, "partitions");
        assertEquals("\rproving [........................]   0% 0/4 partitions, 0.0/s, ETA ?\033[K", err.toString());
        err.getBuffer().setLength(0);
        now[0] = 2 * S;
        t.detail("· partition 2/4: GPU stage on cuda:0");
        t.advance(1);                             // 1 in 2 s: 0.5/s, ETA 6 s; bar 24·1/4 = 6
        assertEquals("\rproving [######..................]  25% 1/4 partitions, 0.5/s, ETA 6 s"
                + " · partition 2/4: GPU stage on cuda:0\033[K", err.toString());
        err.getBuffer().setLength(0);
        now[0] = 2 * S + 50_000_000L;             // 50 ms later: no redraw (at most every 100 ms)
        t.advance(1);
        assertEquals("", err.toString());
        p.aside(() -> err.getBuffer().append("log line\n"));
        assertTrue(err.toString().startsWith("\r\033[Klog line\n\rproving [############"), err.toString());
        err.getBuffer().setLength(0);
        now[0] = 8 * S;
        t.advance(2);
        t.close();
        assertTrue(err.toString().endsWith("\r\033[Kproving: 4 partitions in 8.0 s" + System.lineSeparator()),
                err.toString());
        t.close();                                // idempotent
    }

    @Test
    void cliSettingChoosesTheMode() {
        StringWriter err = new StringWriter();
        PrintWriter w = new PrintWriter(err, true);
        assertTrue(!Progress.forCli(w, true, "off").isActive());
        assertTrue(Progress.forCli(w, false, null).isActive());
        Progress lines = Progress.forCli(w, true, "lines");
        lines.aside(() -> err.getBuffer().append("x"));
        assertEquals("x", err.toString()); // lines mode: an aside is printed as it is, nothing cleared
        assertThrows(IllegalArgumentException.class, () -> Progress.forCli(w, true, "fancy"));
        assertEquals("12.3 k", Progress.rate(12_345));
        assertEquals("1.2 M", Progress.rate(1_234_567));
    }
}
