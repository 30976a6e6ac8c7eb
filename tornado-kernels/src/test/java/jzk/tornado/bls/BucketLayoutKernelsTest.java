package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import jzk.tornado.bls.kernels.BucketLayoutKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The device bucket layout ({@link DeviceBucketSlices}, {@link BucketLayoutKernels}) against the host's
 * {@link BucketSlices#of} (checked against its definition by BucketSlicesTest), int for int on every host: bucket
 * starts, first slices, slice starts, the two totals, and the empty slices from the slice total up to the bound;
 * then the slice order ({@link DeviceBucketSlices#order}): a permutation of the bound's slices, longest bin first.
 * Sizes cover one level (≤ 32 buckets), two and three levels, chunk edges (32, 33, 1024, 1025), empty and
 * all-zero counts, one bucket holding everything, and targets from 1 slice to more slices than entries.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class BucketLayoutKernelsTest {
    @Parameter
    KernelHost host;

    private void check(int[] counts, int targetSlices) {
        int ids = counts.length;
        BucketSlices want = BucketSlices.of(counts, 1 << 10, targetSlices);
        int bound = DeviceBucketSlices.bound(ids, targetSlices);
        String what = "ids " + ids + ", target " + targetSlices;
        try (KernelHost.Buffer cnt = host.allocate(ids); KernelHost.Buffer lv = host.allocate(
                DeviceBucketSlices.levelInts(ids)); KernelHost.Buffer start = host.allocate(ids);
             KernelHost.Buffer bucketSlice = host.allocate(ids + 1); KernelHost.Buffer sliceStart = host.allocate(
                bound + 1)) {
            // the counters start as garbage: the zero kernel must clear them before counts are added
            int[] junk = new int[ids];
            Arrays.fill(junk, 0x5a5a5a5a);
            host.write(cnt, 0, junk, ids);
            DeviceBucketSlices.zero(host, cnt, ids);
            int[] zeros = new int[ids];
            host.read(cnt, 0, zeros, ids);
            assertArrayEquals(new int[ids], zeros, "zeroed counters, " + what);
            host.write(cnt, 0, counts, ids);
            DeviceBucketSlices.layout(host, cnt, ids, lv, start, bucketSlice, sliceStart, targetSlices);
            int[] totals = new int[2];
            host.read(lv, 0, totals, 2);
            assertEquals(want.entries(), totals[BucketLayoutKernels.ENTRIES], "entries, " + what);
            assertEquals(want.slices(), totals[BucketLayoutKernels.SLICES], "slices, " + what);
            int[] got = new int[ids];
            host.read(start, 0, got, ids);
            assertArrayEquals(want.start(), got, "bucket starts, " + what);
            got = new int[ids + 1];
            host.read(bucketSlice, 0, got, ids + 1);
            assertArrayEquals(want.bucketSlice(), got, "first slices, " + what);
            got = new int[bound + 1];
            host.read(sliceStart, 0, got, bound + 1);
            assertArrayEquals(want.sliceStart(), Arrays.copyOf(got, want.slices() + 1), "slice starts, " + what);
            for (int s = want.slices(); s <= bound; s++) {
                assertEquals(want.entries(), got[s], "empty slice " + s + " up to the bound, " + what);
            }
            checkOrder(got, bound, lv, ids, maxSlice(want), what);
        }
    }

    /** The longest slice's entries (at most the slice size), as the MSM bounds it. */
    private static long maxSlice(BucketSlices l) {
        long max = 1;
        for (int s = 0; s < l.slices(); s++) {
            max = Math.max(max, l.sliceStart()[s + 1] - l.sliceStart()[s]);
        }
        return max;
    }

    /** The slice order: a permutation of the bound's slices whose length bins never grow (longest first). */
    private void checkOrder(int[] sliceStart, int slices, KernelHost.Buffer lv, int ids, long maxSlice, String what) {
        int bins = BucketLayoutKernels.BINS;
        try (KernelHost.Buffer st = host.allocate(sliceStart.length); KernelHost.Buffer b = host.allocate(bins);
             KernelHost.Buffer cur = host.allocate(bins); KernelHost.Buffer ord = host.allocate(slices)) {
            host.write(st, 0, sliceStart, sliceStart.length);
            DeviceBucketSlices.order(host, st, slices, maxSlice, lv, ids, b, cur, ord);
            int[] order = new int[slices];
            host.read(ord, 0, order, slices);
            int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(maxSlice) - Integer.numberOfTrailingZeros(bins));
            boolean[] seen = new boolean[slices];
            long previous = Long.MAX_VALUE;
            for (int i = 0; i < slices; i++) {
                int s = order[i];
                assertTrue(s >= 0 && s < slices && !seen[s], "order is a permutation at " + i + ", " + what);
                seen[s] = true;
                long key = Math.min((sliceStart[s + 1] - sliceStart[s]) >>> shift, bins - 1);
                assertTrue(key <= previous, "longest first at " + i + ", " + what);
                previous = key;
            }
        }
    }

    @Test
    void sameTablesAsTheHostLayout() {
        Random rnd = new Random(5);
        for (int ids : new int[] {2, 31, 32, 33, 1024, 1025, 40_000}) {
            int[] counts = new int[ids];
            for (int i = 0; i < ids; i++) {
                counts[i] = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1 + rnd.nextInt(60));
            }
            for (int target : new int[] {1, 7, 1 << 12, 1 << 20}) {
                check(counts, target);
            }
        }
    }

    @Test
    void emptyAndSkewedCounts() {
        check(new int[40], 8);                          // no entries: no slices, every slice start 0
        int[] one = new int[1100];
        one[1099] = 100_000;                            // one bucket of everything, in the last chunk
        check(one, 1000);
        one[0] = 3;
        check(one, 1);
        int[] big = new int[70];
        Arrays.fill(big, 30_000_000);                   // 2.1e9 entries, near the int limit
        check(big, 1 << 17);
    }
}
