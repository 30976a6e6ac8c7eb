package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ResidentBases#write} in pieces that cross segment boundaries puts every point where the uploading
 * constructor puts it (both read back with {@link ResidentBases#read}, itself checked against the source array);
 * a piece outside the bases is refused. The copy is layout-blind, so random words stand in for points.
 */
class ResidentBasesTest {
    @Test
    void piecewiseWritesMatchTheWholeUpload() {
        Random rnd = new Random(3);
        try (KernelHost host = DeviceHosts.jvm()) {
            for (int d = 1; d <= 2; d++) {
                int n = 53;
                long[] src = rnd.longs((long) n * 12 * d).toArray();
                try (ResidentBases whole = new ResidentBases(host, d, src, 16);
                     ResidentBases pieces = new ResidentBases(host, d, n, 16)) {
                    long[] shifted = new long[src.length + 12 * d]; // pieces taken from an offset into their array
                    System.arraycopy(src, 0, shifted, 12 * d, src.length);
                    for (int at = 0; at < n; at += 7) {
                        int m = Math.min(7, n - at);
                        pieces.write(at, shifted, (at + 1) * 12 * d, m);
                    }
                    assertArrayEquals(src, whole.read(0, n), "d=" + d);
                    assertArrayEquals(src, pieces.read(0, n), "d=" + d);
                    long[] mid = new long[20 * 12 * d];
                    System.arraycopy(src, 10 * 12 * d, mid, 0, mid.length);
                    assertArrayEquals(mid, pieces.read(10, 20), "a range across two segments");
                    assertThrows(IllegalArgumentException.class, () -> pieces.write(50, src, 0, 4));
                    assertThrows(IllegalArgumentException.class, () -> pieces.write(0, src, src.length - 1, 1));
                    assertThrows(IllegalArgumentException.class, () -> pieces.read(-1, 2));
                }
            }
        }
    }
}
