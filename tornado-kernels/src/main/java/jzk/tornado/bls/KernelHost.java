package jzk.tornado.bls;

import java.lang.reflect.Method;

/**
 * The few device operations the BLS12-381 host code needs: allocate int buffers, copy to and from them, launch
 * a kernel (a {@code public static void} method, see docs/ARCHITECTURE.md, named by method reference:
 * {@code jzk.tornado.api.Kernels.of(FieldKernels::frMulSub)}) on a 1-D grid. Implemented by
 * {@link DeviceHost}, an adapter over any device of the project runtime: CUDA, OpenCL, or the jvm device
 * ({@link DeviceHosts#jvm()}), which runs the kernels as Java with real work-groups and barriers and is the
 * reference every GPU result is compared with.
 *
 * <p>Invariants: launches and copies on one host run in submission order; {@link #read} returns only after
 * every earlier launch finished; the {@code write}s return once the source array may be changed again. Kernel
 * arguments are {@link Integer}, {@link Long} or {@link Buffer} (passed to the kernel as its {@code int[]}
 * parameter).
 */
public interface KernelHost extends AutoCloseable {

    /** A device buffer of {@code ints} 32-bit words. */
    interface Buffer extends AutoCloseable {
        long ints();

        @Override
        void close();
    }

    /** A short name for tables ("jvm", "cuda:0", "opencl:pocl"...). */
    String name();

    Buffer allocate(long ints);

    /** Copies {@code src[0..len)} into the buffer at int offset {@code dstOffset}. */
    void write(Buffer dst, long dstOffset, int[] src, int len);

    /**
     * Copies {@code longs} 64-bit words {@code src[srcIndex…]} into the buffer at int offset {@code dstOffset} as
     * {@code 2·longs} ints, low half first ({@link Layout#split}). Little-endian 64-bit limbs and little-endian
     * 32-bit limbs are the same bytes, so a device host can copy the array as it is, without an {@code int[]}
     * (scalars and bases go to the device in one pass). This default converts in chunks of 2^20 longs through
     * {@link #write(Buffer, long, int[], int)}.
     */
    default void write(Buffer dst, long dstOffset, long[] src, int srcIndex, int longs) {
        java.util.Objects.checkFromIndexSize(srcIndex, longs, src.length);
        int chunk = 1 << 20;
        int[] tmp = new int[2 * Math.min(chunk, longs)];
        for (int done = 0; done < longs; done += chunk) {
            int k = Math.min(chunk, longs - done);
            Layout.split(src, srcIndex + done, tmp, 0, k);
            write(dst, dstOffset + 2L * done, tmp, 2 * k);
        }
    }

    /** Copies {@code len} ints from the buffer at {@code srcOffset} into {@code dst[0..len)}. */
    void read(Buffer src, long srcOffset, int[] dst, int len);

    /**
     * The inverse of {@link #write(Buffer, long, long[], int, int)}: {@code 2·longs} ints from int offset
     * {@code srcOffset} into {@code dst[dstIndex…]} as {@code longs} 64-bit words ({@link Layout#join}). This
     * default converts in chunks of 2^20 longs through {@link #read(Buffer, long, int[], int)}.
     */
    default void read(Buffer src, long srcOffset, long[] dst, int dstIndex, int longs) {
        java.util.Objects.checkFromIndexSize(dstIndex, longs, dst.length);
        int chunk = 1 << 20;
        int[] tmp = new int[2 * Math.min(chunk, longs)];
        for (int done = 0; done < longs; done += chunk) {
            int k = Math.min(chunk, longs - done);
            read(src, srcOffset + 2L * done, tmp, 2 * k);
            Layout.join(tmp, 0, dst, dstIndex + done, k);
        }
    }

    /** Launches {@code kernel} on {@code globalSize} work-items in groups of {@code localSize}. */
    void launch(Method kernel, int globalSize, int localSize, Object... args);

    /**
     * The largest work-group size {@code kernel} can be launched with on this host: the device maximum, or less
     * where the compiled kernel's register or local-memory use lowers it (NVIDIA OpenCL reports 256 for the NTT
     * pass kernel). Default: no limit.
     */
    default int maxLocalSize(Method kernel) {
        return Integer.MAX_VALUE;
    }

    /** Waits for every launch submitted so far. */
    void finish();

    @Override
    void close();
}
