package jzk.bench.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.Kernels;
import jzk.tornado.runtime.SelfTestKernels;

/**
 * Bandwidth of row (2D) copies in the NTT's upload pattern: an array of 2^lg 32-byte elements in pinned memory seen
 * as a matrix of 2^⌊lg/2⌋ rows, moved as 8 column blocks ({@link Device#copyRowsToDeviceAsync} /
 * {@link Device#copyRowsToHostAsync}, one native 2D copy each), against one contiguous copy of the whole array and
 * against the same blocks row by row (one copy per row: the interface's default). Median of 5 (row by row: once),
 * device-timed spans. Then the overlap the copies allow: the blocks uploaded on a second stream while the first runs
 * {@link SelfTestKernels#mulAddHiChain}, wall time of both against each alone. The uploaded array is compared with
 * the host's byte for byte. Also the blocks from and to a Java {@code long[]} (gathered through native memory, the
 * call waits): the span timing includes the host-side gathering.
 */
final class RowCopyBench {
    private static final int BLOCKS = 8;
    private static final int REPS = 5;

    private RowCopyBench() {
    }

    static void run(List<Device> devices, int lg) {
        for (Device d : devices) {
            try {
                measure(d, lg);
            } catch (RuntimeException e) {
                System.out.println("BENCH " + d.name() + " row copies FAILED: " + e);
            }
        }
    }

    private static void measure(Device d, int lg) {
        long bytes = 32L << lg;
        long rows = 1L << (lg / 2);
        long pitch = bytes / rows;
        long width = pitch / BLOCKS;
        System.out.printf("== row copies on %s: 2^%d elements of 32 bytes (%d MiB) as %d rows × %d bytes, %d column"
                + " blocks of %d bytes%n", d.name(), lg, bytes >> 20, rows, pitch, BLOCKS, width);
        try (Device.HostMemory host = d.allocatePinned(bytes); Device.HostMemory back = d.allocatePinned(bytes);
             DeviceBuffer buf = d.allocate(bytes)) {
            MemorySegment h = host.segment();
            SelfTest.fill(h, 7);
            long contiguousUp = median(d, () -> d.copyToDeviceAsync(h, buf, 0));
            long blocksUp = median(d, () -> blocks(d, h, buf, rows, pitch, width, true));
            d.copyToHost(buf, 0, back.segment());
            long mismatch = h.mismatch(back.segment());
            if (mismatch >= 0) {
                throw new IllegalStateException("uploaded column blocks differ from the host at byte " + mismatch);
            }
            long oneByOneUp = span(d, () -> {
                for (long c = 0; c < BLOCKS; c++) {
                    for (long r = 0; r < rows; r++) {
                        long o = c * width + r * pitch;
                        d.copyToDeviceAsync(h.asSlice(o, width), buf, o);
                    }
                }
            });
            long contiguousDown = median(d, () -> d.copyToHostAsync(buf, 0, back.segment()));
            long blocksDown = median(d, () -> blocks(d, back.segment(), buf, rows, pitch, width, false));
            print(d, "H2D", bytes, contiguousUp, blocksUp, oneByOneUp);
            print(d, "D2H", bytes, contiguousDown, blocksDown, -1);
            long[] heap = new long[(int) (bytes / 8)];
            MemorySegment.copy(h, ValueLayout.JAVA_LONG, 0, heap, 0, heap.length);
            MemorySegment heapSegment = MemorySegment.ofArray(heap);
            long heapUp = median(d, () -> blocks(d, heapSegment, buf, rows, pitch, width, true));
            long heapDown = median(d, () -> blocks(d, heapSegment, buf, rows, pitch, width, false));
            System.out.printf("BENCH %-12s rows from/to a Java long[] (rows gathered into native memory, waits):"
                    + " H2D %.2f ms (%.1f GB/s), D2H %.2f ms (%.1f GB/s)%n", d.name(), heapUp / 1e6,
                    (double) bytes / heapUp, heapDown / 1e6, (double) bytes / heapDown);
            overlap(d, h, buf, rows, pitch, width, blocksUp);
        }
    }

    private static void blocks(Device d, MemorySegment h, DeviceBuffer buf, long rows, long pitch, long width,
                               boolean up) {
        for (long c = 0; c < BLOCKS; c++) {
            if (up) {
                d.copyRowsToDeviceAsync(h, buf, c * width, pitch, width, rows);
            } else {
                d.copyRowsToHostAsync(buf, h, c * width, pitch, width, rows);
            }
        }
    }

    /**
     * The column blocks uploaded on a second stream while this one runs a kernel of about the same duration: wall
     * time of both (issued together, each stream synchronised) against the kernel alone and the copies alone.
     */
    private static void overlap(Device d, MemorySegment h, DeviceBuffer buf, long rows, long pitch, long width,
                                long copyNanos) {
        int n = 1 << 20;
        DeviceKernel k = d.kernel(Kernels.of(SelfTestKernels::mulAddHiChain));
        try (Device upload = d.openStream(); DeviceBuffer a = d.allocate(8L * n); DeviceBuffer b = d.allocate(8L * n);
             DeviceBuffer r = d.allocate(8L * n)) {
            int rounds = 64;
            long kernelNanos = d.launchTimed(k, n, 256, a, b, r, rounds);
            // scale the rounds so that the kernel takes about as long as the copies
            rounds = (int) Math.max(1, Math.min(1 << 20, rounds * copyNanos / Math.max(1, kernelNanos)));
            kernelNanos = d.launchTimed(k, n, 256, a, b, r, rounds);
            long[] wall = new long[REPS];
            for (int i = 0; i < REPS; i++) {
                long t0 = System.nanoTime();
                d.launch(k, n, 256, a, b, r, rounds);
                blocks(upload, h, buf, rows, pitch, width, true);
                upload.synchronize();
                d.synchronize();
                wall[i] = System.nanoTime() - t0;
            }
            Arrays.sort(wall);
            long both = wall[REPS / 2];
            System.out.printf("BENCH %-12s rows overlap: kernel %.2f ms + column-block upload %.2f ms on a second"
                    + " stream = %.2f ms wall (%.2f if serial, %.2f if fully overlapped)%n", d.name(),
                    kernelNanos / 1e6, copyNanos / 1e6, both / 1e6, (kernelNanos + copyNanos) / 1e6,
                    Math.max(kernelNanos, copyNanos) / 1e6);
        }
    }

    private static void print(Device d, String way, long bytes, long contiguous, long blocks, long oneByOne) {
        System.out.printf("BENCH %-12s rows %s: contiguous %.2f ms (%.1f GB/s), %d column blocks %.2f ms"
                + " (%.1f GB/s)%s%n", d.name(), way, contiguous / 1e6, (double) bytes / contiguous, BLOCKS, blocks / 1e6,
                (double) bytes / blocks, oneByOne < 0 ? "" : String.format(", row by row %.2f ms (%.1f GB/s)",
                        oneByOne / 1e6, (double) bytes / oneByOne));
    }

    private static long median(Device d, Runnable copies) {
        span(d, copies); // warm-up
        long[] t = new long[REPS];
        for (int i = 0; i < REPS; i++) {
            t[i] = span(d, copies);
        }
        Arrays.sort(t);
        return t[REPS / 2];
    }

    private static long span(Device d, Runnable copies) {
        d.synchronize();
        Device.Span s = d.startSpan();
        copies.run();
        return s.stopNanos();
    }
}
