package jzk.server;

import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import jzk.server.api.ProofResult;
import jzk.server.api.Stage;
import jzk.server.api.SubmitRequest;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A bounded client load against {@code jzk serve}: {@code count} Prove calls from {@code clients} threads, each
 * taking the next index, each request with its own request id; client-side latency (call → result) in an
 * HdrHistogram. Used by {@code jzk batch --server} and the load test.
 */
public final class LoadRunner {
    private LoadRunner() {
    }

    /**
     * What a run saw.
     *
     * @param results the result of each request, by index (null where the call itself failed)
     * @param errors  the call failures (transport or status), one line each
     */
    public record Report(int count, int clients, double wallSeconds, List<ProofResult> results, List<String> errors,
                         double p50Ms, double p90Ms, double p99Ms, double maxMs, double meanMs) {

        public long done() {
            return results.stream().filter(r -> r != null && r.getStatus() == Stage.DONE).count();
        }

        public double proofsPerSecond() {
            return wallSeconds <= 0 ? 0 : done() / wallSeconds;
        }
    }

    /** Runs {@code count} requests {@code request.apply(i)} on {@code clients} threads; bounded by {@code count}. */
    public static Report run(ProverClient client, int count, int clients, IntFunction<SubmitRequest> request)
            throws InterruptedException {
        if (count < 1 || clients < 1) {
            throw new IllegalArgumentException("count and clients must be ≥ 1, got " + count + ", " + clients);
        }
        ConcurrentHistogram h = new ConcurrentHistogram(3);
        ProofResult[] results = new ProofResult[count];
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            threads.add(Thread.ofPlatform().name("jzk-load-" + c).start(() -> {
                for (int i; (i = next.getAndIncrement()) < count; ) {
                    long s = System.nanoTime();
                    try {
                        results[i] = client.blocking().prove(request.apply(i));
                        h.recordValue(Math.max(0, (System.nanoTime() - s) / 1000));
                    } catch (StatusRuntimeException e) {
                        errors.add("request " + i + ": " + e.getStatus().getCode() + " "
                                + e.getStatus().getDescription());
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        Histogram c = h.copy();
        boolean any = c.getTotalCount() > 0;
        return new Report(count, clients, wall, java.util.Arrays.asList(results), List.copyOf(errors),
                any ? c.getValueAtPercentile(50) / 1e3 : 0, any ? c.getValueAtPercentile(90) / 1e3 : 0,
                any ? c.getValueAtPercentile(99) / 1e3 : 0, any ? c.getMaxValue() / 1e3 : 0,
                any ? c.getMean() / 1e3 : 0);
    }
}
