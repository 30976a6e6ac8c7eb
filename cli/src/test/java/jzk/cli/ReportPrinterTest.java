package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.ProofOutcome;
import org.junit.jupiter.api.Test;

class ReportPrinterTest {

    private static final long MS = 1_000_000L;

    @Test
    void proofLinesShowStatusTimesAndReason() {
        ProofOutcome ok = new ProofOutcome(0, "x", ProofOutcome.Status.COMPLETED, null, null, true, 1_000 * MS,
                2_200 * MS, 13_300 * MS);
        assertEquals("[3/10] COMPLETED — 12.3s (prove=11.1s, queue=1.20s)", ReportPrinter.proofLine(3, 10, ok));
        ProofOutcome bad = new ProofOutcome(1, "x", ProofOutcome.Status.FAILED, "partition 2 synthesis failed: boom",
                null, null, 0, 100 * MS, 400 * MS);
        assertEquals("[4/10] FAILED — 0.40s: partition 2 synthesis failed: boom", ReportPrinter.proofLine(4, 10, bad));
    }

    @Test
    void progressLineOnlyOnATerminalAndClearedBeforeProofLines() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        BatchRunner.Progress p = new BatchRunner.Progress(1, 2, 5, 3.21,
                Map.of("synthesizing", 2L, "abcWaiting", 0L), 3L << 30);
        new ReportPrinter(new PrintWriter(out), new PrintWriter(err), false).progress(p);
        assertEquals("", err.toString());

        ReportPrinter tty = new ReportPrinter(new PrintWriter(out, true), new PrintWriter(err, true), true);
        tty.progress(p);
        assertEquals("\r[1/5] 3.2s, 2 in flight, reserved 3.0 GiB synthesizing=2\033[K", err.toString());
        tty.proofDone(2, 5, new ProofOutcome(0, "x", ProofOutcome.Status.CANCELLED, "cancelled", null, null, 0, 0,
                MS));
        assertTrue(err.toString().endsWith("\r\033[K"), "progress line not cleared");
        assertEquals("[2/5] CANCELLED — 0.00s: cancelled" + System.lineSeparator(), out.toString());
    }
}
