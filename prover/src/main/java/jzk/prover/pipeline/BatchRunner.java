package jzk.prover.pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs a batch of {@code count} proofs through one {@link ProvingPipeline}, at most {@code concurrency} of them
 * submitted and undecided at a time, and builds the {@link BatchReport}.
 *
 * <p>All {@link Listener} calls happen on the thread calling {@link #run}, so a listener that prints needs no
 * locking. A proof whose workload cannot be created is reported FAILED with the reason; the batch goes on.
 *
 * <p>{@link #stop} (any thread, e.g. a SIGINT handler) ends admission: no further proof is submitted, those in
 * flight go on to their outcome, then {@link #run} returns the report, the never-submitted proofs counted as
 * CANCELLED ("not started"). {@link #cancelInFlight} also cancels the proofs in flight.
 */
public final class BatchRunner {

    /** Receives per-proof outcomes and periodic progress, on the {@link #run} thread. */
    public interface Listener {
        /** Proof {@code index} (1-based batch order) of {@code count} was decided. */
        void proofDone(int index, int count, ProofOutcome outcome);

        /** Called about every 250 ms while the batch runs. */
        default void progress(Progress p) {
        }
    }

    /** A progress snapshot: proofs decided and in flight, the tracker's current counts, reserved bytes. */
    public record Progress(int done, int inFlight, int count, double elapsedSeconds, Map<String, Long> buffers,
                           long reservedBytes) {
    }

    private final PipelineConfig config;
    private final WorkloadFactory factory;
    private final int count;
    private final int concurrency;
    private final Path hgrmDir;
    private final DeviceInventory inventory;
    private volatile boolean stopRequested;
    private volatile boolean cancelRequested;

    /** @param hgrmDir where to write {@code <stage>.hgrm} files after the batch, or {@code null} */
    public BatchRunner(PipelineConfig config, WorkloadFactory factory, int count, int concurrency, Path hgrmDir) {
        this(config, factory, count, concurrency, hgrmDir, DeviceInventory.NONE);
    }

    /**
     * @param hgrmDir   where to write {@code <stage>.hgrm} files after the batch, or {@code null}
     * @param inventory what the devices hold (a prover session), for placement and the report's device lines
     */
    public BatchRunner(PipelineConfig config, WorkloadFactory factory, int count, int concurrency, Path hgrmDir,
                       DeviceInventory inventory) {
        if (count < 1) {
            throw new IllegalArgumentException("--count must be ≥ 1, got " + count);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be ≥ 1, got " + concurrency);
        }
        this.config = config;
        this.factory = factory;
        this.count = count;
        this.concurrency = concurrency;
        this.hgrmDir = hgrmDir;
        this.inventory = inventory;
    }

    private record Done(int index, ProofOutcome outcome) {
    }

    /** Ends admission: no proof is submitted after this call; those in flight continue. */
    public void stop() {
        stopRequested = true;
    }

    /** Ends admission and cancels the proofs in flight (they end CANCELLED, releasing what they hold). */
    public void cancelInFlight() {
        stopRequested = true;
        cancelRequested = true;
    }

    public BatchReport run(Listener listener) throws InterruptedException {
        LinkedBlockingQueue<Done> done = new LinkedBlockingQueue<>();
        List<Done> all = new ArrayList<>();
        ProvingPipeline pipeline = new ProvingPipeline(config, inventory);
        Timeline timeline = pipeline.timeline();
        RssSampler rss = new RssSampler(50, timeline.picture() != null ? b -> timeline.sample("rss", b) : null);
        try {
            int submitted = 0;
            int inFlight = 0;
            boolean cancelled = false;
            while (all.size() < (stopRequested ? submitted : count)) {
                while (!stopRequested && submitted < count && inFlight < concurrency) {
                    submit(pipeline, submitted++, done);
                    inFlight++;
                }
                if (cancelRequested && !cancelled) {
                    pipeline.cancelAll();
                    cancelled = true;
                }
                Done d = done.poll(250, TimeUnit.MILLISECONDS);
                if (d == null) {
                    listener.progress(new Progress(all.size(), inFlight, count, pipeline.wallNanos() / 1e9,
                            pipeline.tracker().counts(), pipeline.budget().reservedBytes()));
                    continue;
                }
                inFlight--;
                all.add(d);
                listener.proofDone(d.index + 1, count, d.outcome);
            }
            long now = System.nanoTime();
            for (int i = submitted; i < count; i++) { // stopped: the rest never started
                all.add(new Done(i, new ProofOutcome(-1, factory.label(), ProofOutcome.Status.CANCELLED,
                        "not started: the batch was stopped", null, null, now, 0, now)));
            }
        } catch (InterruptedException e) {
            pipeline.cancelAll();
            throw e;
        } finally {
            pipeline.close();
            rss.close();
        }
        if (hgrmDir != null) {
            pipeline.metrics().writeHgrm(hgrmDir);
        }
        return report(pipeline, rss, all);
    }

    private void submit(ProvingPipeline pipeline, int index, LinkedBlockingQueue<Done> done) {
        ProofWorkload w;
        try {
            w = factory.create(index);
        } catch (Exception e) {
            long now = System.nanoTime();
            done.add(new Done(index, new ProofOutcome(index + 1L, factory.label(), ProofOutcome.Status.FAILED,
                    "cannot create the workload: " + ProvingPipeline.describe(e), null, null, now, 0, now)));
            return;
        }
        pipeline.submit(w, index + 1L).outcome().whenComplete((o, e) -> done.add(new Done(index, o)));
    }

    private BatchReport report(ProvingPipeline pipeline, RssSampler rss, List<Done> all) {
        all.sort(Comparator.comparingInt(Done::index));
        int completed = 0;
        int failed = 0;
        int cancelled = 0;
        List<BatchReport.ProofLine> lines = new ArrayList<>();
        for (Done d : all) {
            switch (d.outcome.status()) {
                case COMPLETED -> completed++;
                case FAILED -> failed++;
                case CANCELLED -> cancelled++;
            }
            lines.add(BatchReport.ProofLine.of(d.index + 1, d.outcome));
        }
        long wall = pipeline.wallNanos();
        double wallSeconds = wall / 1e9;
        BufferTracker t = pipeline.tracker();
        return new BatchReport(factory.label(), count, completed, failed, cancelled,
                BatchReport.Settings.of(config, concurrency), wallSeconds,
                wallSeconds > 0 ? completed * 60.0 / wallSeconds : 0,
                completed > 0 ? wallSeconds / completed : 0,
                pipeline.metrics().summaries(), rss.peakRssBytes(), rss.source(), t.peakCounts(), t.peakBytes(),
                t.peakEstimatedBytes(), pipeline.budget().peakReservedBytes(),
                pipeline.metrics().gpuBusyFractions(wall), pipeline.deviceLines(),
                factory.phases() == null ? Map.of() : factory.phases().summaries(), lines, factory.deviceMemory());
    }
}
