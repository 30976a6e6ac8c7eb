package jzk.prover.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Samples the process's resident set size from {@code /proc/self/status} on a daemon thread.
 *
 * <p>{@code peakRssBytes} is the larger of the highest VmRSS sampled and the kernel's own high-water mark
 * VmHWM (which also catches spikes between samples). Where /proc is missing (not Linux) it falls back to the
 * JVM's used heap, and {@link #source()} says so.
 */
public final class RssSampler implements AutoCloseable {

    private static final Path STATUS = Path.of("/proc/self/status");

    private final Thread thread;
    private volatile boolean running = true;
    private volatile long peakRssBytes;
    private volatile long lastRssBytes;
    private final String source;
    private final java.util.function.LongConsumer listener;

    public RssSampler(long intervalMillis) {
        this(intervalMillis, null);
    }

    /** @param listener receives every sampled VmRSS in bytes, on the sampling thread; {@code null} for none */
    public RssSampler(long intervalMillis, java.util.function.LongConsumer listener) {
        this.listener = listener;
        source = Files.isReadable(STATUS) ? "/proc/self/status VmRSS/VmHWM" : "JVM heap used (no /proc)";
        sample();
        thread = Thread.ofPlatform().daemon().name("jzk-rss-sampler").start(() -> {
            while (running) {
                sample();
                try {
                    Thread.sleep(intervalMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    private void sample() {
        long rss = -1;
        long hwm = -1;
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    rss = kib(line);
                } else if (line.startsWith("VmHWM:")) {
                    hwm = kib(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            Runtime rt = Runtime.getRuntime();
            rss = rt.totalMemory() - rt.freeMemory();
        }
        if (rss >= 0) {
            lastRssBytes = rss;
            if (listener != null) {
                listener.accept(rss);
            }
        }
        peakRssBytes = Math.max(peakRssBytes, Math.max(rss, hwm));
    }

    private static long kib(String line) {
        String[] f = line.trim().split("\\s+");
        return Long.parseLong(f[1]) * 1024;
    }

    public long peakRssBytes() {
        return peakRssBytes;
    }

    public long lastRssBytes() {
        return lastRssBytes;
    }

    public String source() {
        return source;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        sample();
    }
}
