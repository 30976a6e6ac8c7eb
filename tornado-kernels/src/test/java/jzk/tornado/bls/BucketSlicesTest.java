package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The sorted MSM's slice layout ({@link BucketSlices}) checked against its definition, entry by entry: every entry
 * of every bucket lies in exactly one slice, slices stay inside their bucket, hold at most {@code size} entries and
 * number {@code ceil(count / size)} per bucket; bucket starts are the prefix sums.
 */
class BucketSlicesTest {
    private static void check(int[] counts, int targetSlices) {
        BucketSlices l = BucketSlices.of(counts, 1 << 10, targetSlices);
        long total = 0;
        for (int c : counts) {
            total += c;
        }
        assertEquals(total, l.entries());
        long size = Math.max(1, (total + targetSlices - 1) / targetSlices);
        long at = 0;
        int slice = 0;
        for (int b = 0; b < counts.length; b++) {
            assertEquals(at, l.start()[b], "start of bucket " + b);
            assertEquals(slice, l.bucketSlice()[b], "first slice of bucket " + b);
            long want = (counts[b] + size - 1) / size;
            assertEquals(want, l.bucketSlice()[b + 1] - l.bucketSlice()[b], "slices of bucket " + b);
            for (int s = l.bucketSlice()[b]; s < l.bucketSlice()[b + 1]; s++) {
                int from = l.sliceStart()[s];
                int to = s + 1 < l.bucketSlice()[b + 1] ? l.sliceStart()[s + 1] : (int) (at + counts[b]);
                assertTrue(from >= at && to <= at + counts[b] && to > from && to - from <= size,
                        "slice " + s + " of bucket " + b);
            }
            slice = l.bucketSlice()[b + 1];
            at += counts[b];
        }
        assertEquals(slice, l.slices());
        assertEquals(total, l.sliceStart()[l.slices()]);
    }

    @Test
    void slicesCoverEveryBucketsEntries() {
        Random rnd = new Random(7);
        for (int t = 0; t < 20; t++) {
            int[] counts = new int[1 + rnd.nextInt(300)];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1 + rnd.nextInt(50));
            }
            check(counts, 1 + rnd.nextInt(64));
        }
        check(new int[5], 8);                  // no entries: no slices
        check(new int[] {0, 1000, 0, 1}, 1);   // one slice per non-empty bucket
    }

    @Test
    void tooManyEntriesIsOneClearError() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> BucketSlices.of(new int[] {Integer.MAX_VALUE, 2}, 7, 16));
        assertTrue(e.getMessage().contains("7 points") && e.getMessage().contains("2147483649"), e.getMessage());
    }

    /**
     * A window whose digits take few values (the top window of a 255-bit scalar with c = 14 has 4 bits): its few
     * buckets hold most entries, cut into hundreds of slices. maxPerBucket sees it, and the reduction's longest
     * serial walk ({@link SortedMsm#reduceWalk}, counted by hand here) shrinks from one addition per slice to one
     * per bucket when the slices are tree-summed first.
     */
    @Test
    void aNarrowWindowMakesHotBucketsThatTheFoldTakesOffTheSerialWalk() {
        int c = 4;
        int windows = 2;
        int buckets = 1 << (c - 1);
        int[] counts = new int[windows * buckets];
        for (int b = 0; b < buckets; b++) {
            counts[b] = 10;                       // window 0: spread
        }
        counts[buckets] = 600;                    // window 1: two hot buckets
        counts[buckets + 1] = 400;
        BucketSlices l = BucketSlices.of(counts, 1080, 100); // slices of ceil(1080 / 100) = 11 entries
        assertEquals(55, l.maxPerBucket());       // ceil(600 / 11)
        int parts = 1;                            // one part per window: lo = 0, no double-and-add
        // window 1's part walks its 8 buckets: (slices + 1) each, plus the final acc += lo·run
        long unfolded = 1 + (55 + 1) + (37 + 1) + 6;   // ceil(400 / 11) = 37; six empty buckets: 1 each
        // folded, window 1 walks 1 + 2 + 2 + 6 = 11: window 0's 8 one-slice buckets are now the longest walk
        long folded = 1 + 8 * (1 + 1);
        assertEquals(unfolded, SortedMsm.reduceWalk(l.bucketSlice(), c, windows, parts, false));
        assertEquals(folded, SortedMsm.reduceWalk(l.bucketSlice(), c, windows, parts, true));
        assertEquals(0, BucketSlices.of(new int[4], 8, 4).maxPerBucket());
    }
}
