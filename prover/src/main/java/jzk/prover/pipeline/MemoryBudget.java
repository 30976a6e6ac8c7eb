package jzk.prover.pipeline;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A byte budget that partitions reserve before synthesis (admission control).
 *
 * <p>Invariants: {@code 0 ≤ reservedBytes ≤ capacityBytes} at all times; {@code peakReservedBytes} is the
 * maximum {@code reservedBytes} ever held. Waiters are served first come, first served (a ticket queue), so a
 * large partition is not starved by a stream of small ones. A request larger than the whole capacity can
 * never be granted and is refused at once ({@link #reserve} throws) rather than waiting forever.
 *
 * <p>Sizes use binary units: {@code 1k = 2^10}, {@code 1m = 2^20}, {@code 1g = 2^30}, {@code 1t = 2^40}.
 */
public final class MemoryBudget {

    /** Margin kept free of the default budget: max(2 GiB, 10% of physical memory), for the JVM and the OS. */
    static final long MIN_MARGIN_BYTES = 2L << 30;

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?");

    private final long capacityBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long reservedBytes;
    private long peakReservedBytes;
    private long nextTicket;
    private long servingTicket;
    /** Tickets abandoned before their turn; the serving counter jumps over them. Guarded by {@code lock}. */
    private final TreeSet<Long> skipped = new TreeSet<>();

    public MemoryBudget(long capacityBytes) {
        if (capacityBytes <= 0) {
            throw new IllegalArgumentException("memory budget must be positive, got " + capacityBytes + " bytes");
        }
        this.capacityBytes = capacityBytes;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    public long reservedBytes() {
        lock.lock();
        try {
            return reservedBytes;
        } finally {
            lock.unlock();
        }
    }

    public long peakReservedBytes() {
        lock.lock();
        try {
            return peakReservedBytes;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until {@code bytes} fit, then reserves them. Returns {@code false} (reserving nothing) if
     * {@code abandon} becomes true while waiting; it is polled every 20 ms, e.g. "the proof was cancelled".
     *
     * @throws BudgetExceededException if {@code bytes > capacityBytes()}: waiting could never succeed
     */
    public boolean reserve(long bytes, BooleanSupplier abandon) throws InterruptedException {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative reservation " + bytes);
        }
        if (bytes > capacityBytes) {
            throw new BudgetExceededException(bytes, capacityBytes);
        }
        lock.lock();
        try {
            long ticket = nextTicket++;
            try {
                while (ticket != servingTicket || reservedBytes + bytes > capacityBytes) {
                    if (abandon.getAsBoolean()) {
                        return false;
                    }
                    changed.await(20, TimeUnit.MILLISECONDS);
                }
                reservedBytes += bytes;
                peakReservedBytes = Math.max(peakReservedBytes, reservedBytes);
                return true;
            } finally {
                // Whether granted, abandoned or interrupted, this ticket is done: let the next one try.
                if (ticket == servingTicket) {
                    servingTicket++;
                } else {
                    skipped.add(ticket);
                }
                advancePastSkipped();
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    private void advancePastSkipped() {
        while (skipped.remove(servingTicket)) {
            servingTicket++;
        }
    }

    /** Gives back {@code bytes} earlier reserved. */
    public void release(long bytes) {
        if (bytes == 0) {
            return;
        }
        lock.lock();
        try {
            if (bytes < 0 || bytes > reservedBytes) {
                throw new IllegalStateException("release of " + bytes + " bytes but only " + reservedBytes
                        + " are reserved");
            }
            reservedBytes -= bytes;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Parses a size such as {@code 64g}, {@code 512m}, {@code 1.5g}, {@code 4096} (bytes), {@code 8GiB}, {@code 0}.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static long parseSize(String text) {
        Matcher m = text == null ? null : SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("bad memory size '" + text
                    + "': expected a number with an optional suffix k, m, g or t (e.g. 64g, 512m)");
        }
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        double value = Double.parseDouble(m.group(1)) * Math.pow(2, shift);
        if (value >= 0x1p62) {
            throw new IllegalArgumentException("bad memory size '" + text + "': must be below 4 EiB");
        }
        return (long) value;
    }

    /** Formats bytes for people: "512.0 MiB", "64.0 GiB". */
    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** Physical memory of the machine: MemTotal of /proc/meminfo, else the OperatingSystemMXBean's figure. */
    public static long physicalMemoryBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    String[] f = line.split("\\s+");
                    return Long.parseLong(f[1]) * 1024; // the kernel reports kB
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize();
        }
        return Runtime.getRuntime().maxMemory();
    }

    /** The default budget: physical memory minus max(2 GiB, 10%), at least 256 MiB. */
    public static long defaultCapacityBytes() {
        long total = physicalMemoryBytes();
        long margin = Math.max(MIN_MARGIN_BYTES, total / 10);
        return Math.max(256L << 20, total - margin);
    }

    /** Thrown when one reservation is larger than the whole budget. */
    public static final class BudgetExceededException extends RuntimeException {
        BudgetExceededException(long bytes, long capacity) {
            super("needs " + format(bytes) + " but the whole memory budget is " + format(capacity)
                    + "; raise --memory-budget or use smaller partitions");
        }
    }
}
