package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.ProofOutcome;
import jzk.prover.pipeline.StageMetrics;
import jzk.tornado.progress.Progress;
import org.junit.jupiter.api.Test;

class ReportPrinterTest {

    private static final long MS = 1_000_000L;

    @Test
    void proofLinesShowStatusTimesAndReason() {
        ProofOutcome ok = new ProofOutcome(0, "x", ProofOutcome.Status.COMPLETED, null, null, true, 1_000 * MS,
                2_200 * MS, 13_300 * MS);
        assertEquals("[3/10] VERIFIED — 12.3s (prove=11.1s, queue=1.20s)", ReportPrinter.proofLine(3, 10, ok));
        ProofOutcome unchecked = new ProofOutcome(0, "x", ProofOutcome.Status.COMPLETED, null, null, null,
                1_000 * MS, 2_200 * MS, 13_300 * MS);
        assertEquals("[3/10] COMPLETED, not verified — 12.3s (prove=11.1s, queue=1.20s)",
                ReportPrinter.proofLine(3, 10, unchecked));
        ProofOutcome bad = new ProofOutcome(1, "x", ProofOutcome.Status.FAILED, "partition 2 synthesis failed: boom",
                null, null, 0, 100 * MS, 400 * MS);
        assertEquals("[4/10] FAILED — 0.40s: partition 2 synthesis failed: boom", ReportPrinter.proofLine(4, 10, bad));
    }

    @Test
    void latencyRowsSayProofsOrPartitionsAndFlagFewSamples() {
        var m4 = new StageMetrics.Summary(4, 10, 10, 12, 12, 12);
        assertEquals("  total             10.0       12.0       12.0       12.0  4 proofs (n<20, indicative only)",
                ReportPrinter.latencyRow(StageMetrics.Stage.TOTAL, m4));
        var m20 = new StageMetrics.Summary(20, 1, 1, 2, 3, 4);
        assertEquals("  gpu                1.0        2.0        3.0        4.0  20 partitions",
                ReportPrinter.latencyRow(StageMetrics.Stage.GPU, m20));
        assertEquals("  synthesis          1.0        2.0        3.0        4.0  1 partition (n<20, indicative only)",
                ReportPrinter.latencyRow(StageMetrics.Stage.SYNTHESIS, new StageMetrics.Summary(1, 1, 1, 2, 3, 4)));
    }

    @Test
    void busyOfACpuDeviceIsComputeNotGpu() {
        assertEquals("compute busy: jvm=94.4% (CPU threads running the GPU stage)",
                ReportPrinter.busyLine(Map.of("jvm", 0.944)));
        assertEquals("compute busy: cpu=50.0% (CPU threads running the GPU stage)",
                ReportPrinter.busyLine(Map.of("cpu", 0.5)));
        assertEquals("GPU busy: cuda:0=96.0%", ReportPrinter.busyLine(Map.of("cuda:0", 0.96)));
        assertEquals("GPU busy (simulated): sim:0=50.0%", ReportPrinter.busyLine(Map.of("sim:0", 0.5)));
        Map<String, Double> mixed = new java.util.LinkedHashMap<>();
        mixed.put("cuda:0", 0.9);
        mixed.put("jvm", 0.25);
        assertEquals("device busy: cuda:0=90.0% (GPU) jvm=25.0% (compute)", ReportPrinter.busyLine(mixed));
    }

    @Test
    void deviceLinesSayWhatEachDeviceDidAndWhyOneFailed() {
        assertEquals("  device cuda:0: 2 GPU workers, 14 partitions, busy 91.5%, GPU stage 40.25 s, resident 18.0 GiB",
                ReportPrinter.deviceLine(new BatchReport.DeviceLine("cuda:0", 2, 14, 0.915, 40.25, 18L << 30, null, 0,
                        0)));
        assertEquals("  device opencl:0:0: 1 GPU worker, 1 partition, busy 3.0%, GPU stage 0.50 s, resident 0 B; "
                        + "FAILED at 2.25 s, out of rotation, 1 partition re-run elsewhere: opencl:0:0: launch of ntt "
                        + "failed: CL_OUT_OF_RESOURCES",
                ReportPrinter.deviceLine(new BatchReport.DeviceLine("opencl:0:0", 1, 1, 0.03, 0.5, 0,
                        "opencl:0:0: launch of ntt failed: CL_OUT_OF_RESOURCES", 2.25, 1)));
    }

    @Test
    void batchProgressIsOneTaskOfTheProgressReporterClearedBeforeProofLines() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        BatchRunner.Progress p = new BatchRunner.Progress(1, 2, 5, 3.21,
                Map.of("synthesizing", 2L, "abcWaiting", 0L), 3L << 30);
        new ReportPrinter(new PrintWriter(out), Progress.none()).progress(p);
        assertEquals("", err.toString());

        long[] now = {0};
        ReportPrinter tty = new ReportPrinter(new PrintWriter(out, true),
                Progress.terminal(new PrintWriter(err, true), () -> now[0]));
        tty.progress(new BatchRunner.Progress(0, 1, 5, 0.1, Map.of(), 0)); // the task starts at t = 0
        now[0] = 2_000_000_000L;
        tty.progress(p);
        assertEquals("\rbatch [####....................]  20% 1/5 proofs, 0.5/s, ETA 8 s · 2 in flight, "
                + "reserved 3.0 GiB synthesizing=2\033[K", err.toString().substring(err.toString().lastIndexOf('\r')));
        tty.proofDone(2, 5, new ProofOutcome(0, "x", ProofOutcome.Status.CANCELLED, "cancelled", null, null, 0, 0,
                MS));
        assertTrue(err.toString().contains("\r\033[K"), "progress line not cleared");
        assertEquals("[2/5] CANCELLED — 0.00s: cancelled" + System.lineSeparator(), out.toString());
    }
}
