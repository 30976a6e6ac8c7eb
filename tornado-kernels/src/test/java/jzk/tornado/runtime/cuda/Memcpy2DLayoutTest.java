package jzk.tornado.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The {@code CUDA_MEMCPY2D} descriptor that {@code cuMemcpy2DAsync_v2} reads, checked without a GPU against the
 * struct of CUDA 13's {@code cuda.h} (x86-64: {@code size_t} and pointers 8 bytes, the {@code CUmemorytype} enum 4
 * bytes followed by 4 bytes of padding before the next pointer).
 */
class Memcpy2DLayoutTest {
    /** Field offsets of {@code struct CUDA_MEMCPY2D_st} on x86-64 Linux, from cuda.h's declaration order. */
    private static final Map<String, Long> CUDA_H = Map.ofEntries(
            Map.entry("srcXInBytes", 0L), Map.entry("srcY", 8L), Map.entry("srcMemoryType", 16L),
            Map.entry("srcHost", 24L), Map.entry("srcDevice", 32L), Map.entry("srcArray", 40L),
            Map.entry("srcPitch", 48L), Map.entry("dstXInBytes", 56L), Map.entry("dstY", 64L),
            Map.entry("dstMemoryType", 72L), Map.entry("dstHost", 80L), Map.entry("dstDevice", 88L),
            Map.entry("dstArray", 96L), Map.entry("dstPitch", 104L), Map.entry("WidthInBytes", 112L),
            Map.entry("Height", 120L));

    @Test
    void layoutMatchesCudaHeader() {
        assertEquals(128, CudaDriver.CUDA_MEMCPY2D.byteSize(), "sizeof(CUDA_MEMCPY2D)");
        CUDA_H.forEach((field, offset) -> assertEquals(offset,
                CudaDriver.CUDA_MEMCPY2D.byteOffset(MemoryLayout.PathElement.groupElement(field)), field));
    }

    @Test
    void hostToDeviceAndDeviceToHostDescriptors() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment up = CudaDriver.memcpy2D(a, CudaDriver.CU_MEMORYTYPE_HOST, 0x7f00_0000_1000L, 16384,
                    CudaDriver.CU_MEMORYTYPE_DEVICE, 0x3_0000_0040L, 131072, 16384, 512);
            long[] words = up.toArray(ValueLayout.JAVA_LONG);
            long[] want = new long[16];
            want[2] = 1; // srcMemoryType HOST in the low 4 bytes, padding zero
            want[3] = 0x7f00_0000_1000L;
            want[6] = 16384; // srcPitch: rows back to back
            want[9] = 2; // dstMemoryType DEVICE
            want[11] = 0x3_0000_0040L;
            want[13] = 131072; // dstPitch
            want[14] = 16384;
            want[15] = 512;
            assertArrayEquals(want, words, "host to device");

            MemorySegment down = CudaDriver.memcpy2D(a, CudaDriver.CU_MEMORYTYPE_DEVICE, 0x3_0000_0040L, 4096,
                    CudaDriver.CU_MEMORYTYPE_HOST, 0x7f00_0000_1000L, 4096, 64, 3);
            long[] back = down.toArray(ValueLayout.JAVA_LONG);
            long[] wantBack = new long[16];
            wantBack[2] = 2;
            wantBack[4] = 0x3_0000_0040L; // srcDevice
            wantBack[6] = 4096;
            wantBack[9] = 1;
            wantBack[10] = 0x7f00_0000_1000L; // dstHost
            wantBack[13] = 4096;
            wantBack[14] = 64;
            wantBack[15] = 3;
            assertArrayEquals(wantBack, back, "device to host");
        }
    }
}
