package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The chunk schedule of {@link DeviceHost}'s staged copies ({@link DeviceHost#chunks}): the sizes cover the copy
 * exactly, none exceeds a staging half, a write starts (a read ends) with a chunk of at most 2 MiB, and a read's
 * sizes are a write's reversed. The copies themselves are checked byte for byte through the staging halves by
 * {@link DeviceScalarsTest} on every host that stages.
 */
class DeviceHostChunksTest {
    @Test
    void chunksCoverTheCopyRampingUpToAHalf() {
        int half = (int) (DeviceHost.STAGE_BYTES / 8);
        for (int longs : new int[] {1, DeviceHost.FIRST_CHUNK_LONGS, DeviceHost.FIRST_CHUNK_LONGS + 1, half - 1, half,
            half + 4099, 64 << 20, Integer.MAX_VALUE - 8}) {
            int[] up = DeviceHost.chunks(longs, false);
            int[] down = DeviceHost.chunks(longs, true);
            assertEquals(longs, Arrays.stream(up).asLongStream().sum(), longs + ": sizes sum to the copy");
            assertTrue(Arrays.stream(up).allMatch(c -> c > 0 && c <= half), longs + ": 0 < size ≤ a half");
            assertTrue(up[0] <= DeviceHost.FIRST_CHUNK_LONGS, longs + ": a write starts small");
            int[] reversed = up.clone();
            for (int i = 0; i < reversed.length / 2; i++) {
                int t = reversed[i];
                reversed[i] = reversed[reversed.length - 1 - i];
                reversed[reversed.length - 1 - i] = t;
            }
            assertArrayEquals(reversed, down, longs + ": a read ends small");
        }
        assertArrayEquals(new int[] {1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22, 1 << 22},
                DeviceHost.chunks((1 << 18) + (1 << 19) + (1 << 20) + (1 << 21) + (2 << 22), false),
                "2 MiB, doubling, then 32 MiB halves");
    }
}
