package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link MsmLayoutStats} on the jvm device: its counts come from the sorted MSM's binning kernel, checked here
 * against counts written by hand for scalars whose signed digits are known (every scalar 3: one digit 3 in window 0,
 * nothing above), so the window, top-window bits, hottest bucket and both walks follow from the hand-made layout.
 */
class MsmLayoutStatsTest {
    @Test
    void oneRepeatedScalarFillsOneBucket() {
        int n = 3000;
        long[] scalars = new long[4 * n];
        for (int i = 0; i < n; i++) {
            scalars[4 * i] = 3;
        }
        MsmLayoutStats s = MsmLayoutStats.of(DeviceHosts.jvm(), scalars);
        int c = SortedMsm.chooseC(n);
        int windows = (256 + c - 1) / c;
        int buckets = 1 << (c - 1);
        int[] counts = new int[windows * buckets];
        counts[3 - 1] = n; // window 0, |digit| 3
        BucketSlices want = BucketSlices.of(counts, n, SortedMsm.TARGET_SLICES);
        int parts = Math.min(buckets, Integer.highestOneBit(Math.max(1, SortedMsm.TARGET_REDUCE / windows)));
        assertEquals(n, s.points());
        assertEquals(c, s.c());
        assertEquals(windows, s.windows());
        assertEquals(256 - c * (windows - 1), s.topWindowBits());
        assertEquals(n, s.hottestBucket());
        assertEquals(want.slices(), s.slices());
        assertEquals(want.maxPerBucket(), s.mostSlices());
        assertEquals(SortedMsm.reduceWalk(want.bucketSlice(), c, windows, parts, false), s.walkUnfolded());
        assertEquals(SortedMsm.reduceWalk(want.bucketSlice(), c, windows, parts, true), s.walkFolded());
        assertTrue(s.walkFolded() < s.walkUnfolded(), s.toString());
    }
}
