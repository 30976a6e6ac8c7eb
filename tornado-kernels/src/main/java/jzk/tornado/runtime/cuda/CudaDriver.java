package jzk.tornado.runtime.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.util.Map;

import jzk.tornado.api.DeviceException;
import jzk.tornado.runtime.backend.NativeLibrary;

/**
 * FFM bindings to the CUDA driver API ({@code libcuda.so.1}), using the {@code _v2} entry points that
 * {@code cuda.h} maps the plain names to. Types: {@code CUresult}, {@code CUdevice}, attribute and flag values are
 * {@code JAVA_INT}; {@code CUdeviceptr} and {@code size_t} are {@code JAVA_LONG}; contexts, modules, functions,
 * streams and events are addresses. Every result goes through {@link #check}, which names the call and the
 * code's symbolic name ({@code cuGetErrorName}, or a table if that fails).
 */
final class CudaDriver {
    static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
    static final int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
    /** The largest pitch in bytes {@code cuMemcpy2D} accepts. */
    static final int CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11;
    static final int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
    static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
    static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
    static final int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
    static final int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
    static final int CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9;
    static final int CU_JIT_INFO_LOG_BUFFER = 3;
    static final int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
    static final int CU_JIT_ERROR_LOG_BUFFER = 5;
    static final int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
    static final int CU_STREAM_NON_BLOCKING = 1;
    /** cuEventCreate flag: no timestamps, the cheapest event (a fence). */
    static final int CU_EVENT_DISABLE_TIMING = 2;
    static final int CUDA_ERROR_NO_DEVICE = 100;
    /** {@code CUmemorytype} values of a {@link #CUDA_MEMCPY2D} side. */
    static final int CU_MEMORYTYPE_HOST = 1;
    static final int CU_MEMORYTYPE_DEVICE = 2;

    /**
     * {@code CUDA_MEMCPY2D} of {@code cuda.h} (the {@code _v2} struct with {@code size_t} fields, 128 bytes): per side
     * X offset in bytes, Y row, memory type (a 4-byte enum, padded), host pointer, device pointer, array, pitch; then
     * the width in bytes and the height in rows. Byte r·pitch + x of a side's base is its row r, column x.
     */
    static final StructLayout CUDA_MEMCPY2D = MemoryLayout.structLayout(
            JAVA_LONG.withName("srcXInBytes"), JAVA_LONG.withName("srcY"),
            JAVA_INT.withName("srcMemoryType"), MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("srcHost"), JAVA_LONG.withName("srcDevice"), ADDRESS.withName("srcArray"),
            JAVA_LONG.withName("srcPitch"),
            JAVA_LONG.withName("dstXInBytes"), JAVA_LONG.withName("dstY"),
            JAVA_INT.withName("dstMemoryType"), MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("dstHost"), JAVA_LONG.withName("dstDevice"), ADDRESS.withName("dstArray"),
            JAVA_LONG.withName("dstPitch"),
            JAVA_LONG.withName("WidthInBytes"), JAVA_LONG.withName("Height"));

    final MethodHandle cuInit;
    final MethodHandle cuDriverGetVersion;
    final MethodHandle cuDeviceGetCount;
    final MethodHandle cuDeviceGet;
    final MethodHandle cuDeviceGetName;
    final MethodHandle cuDeviceGetAttribute;
    final MethodHandle cuDeviceTotalMem;
    final MethodHandle cuDevicePrimaryCtxRetain;
    final MethodHandle cuDevicePrimaryCtxRelease;
    final MethodHandle cuCtxSetCurrent;
    final MethodHandle cuModuleLoadDataEx;
    final MethodHandle cuModuleGetFunction;
    final MethodHandle cuModuleUnload;
    final MethodHandle cuFuncGetAttribute;
    final MethodHandle cuFuncSetAttribute;
    final MethodHandle cuMemAlloc;
    final MethodHandle cuMemFree;
    final MethodHandle cuMemsetD8Async;
    final MethodHandle cuMemcpyHtoDAsync;
    final MethodHandle cuMemcpyDtoHAsync;
    final MethodHandle cuMemcpyDtoDAsync;
    final MethodHandle cuMemcpy2DAsync;
    final MethodHandle cuMemHostAlloc;
    final MethodHandle cuMemFreeHost;
    final MethodHandle cuLaunchKernel;
    final MethodHandle cuStreamCreate;
    final MethodHandle cuStreamSynchronize;
    final MethodHandle cuStreamDestroy;
    final MethodHandle cuStreamWaitEvent;
    final MethodHandle cuEventCreate;
    final MethodHandle cuEventRecord;
    final MethodHandle cuEventSynchronize;
    final MethodHandle cuEventElapsedTime;
    final MethodHandle cuEventDestroy;
    private final MethodHandle cuGetErrorName;

    CudaDriver(NativeLibrary lib) {
        FunctionDescriptor addr = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        cuGetErrorName = lib.function("cuGetErrorName", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        cuInit = lib.function("cuInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        cuDriverGetVersion = lib.function("cuDriverGetVersion", addr);
        cuDeviceGetCount = lib.function("cuDeviceGetCount", addr);
        cuDeviceGet = lib.function("cuDeviceGet", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuDeviceGetName = lib.function("cuDeviceGetName", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
        cuDeviceGetAttribute = lib.function("cuDeviceGetAttribute",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
        cuDeviceTotalMem = lib.function("cuDeviceTotalMem_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuDevicePrimaryCtxRetain = lib.function("cuDevicePrimaryCtxRetain",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuDevicePrimaryCtxRelease = lib.function("cuDevicePrimaryCtxRelease_v2",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        cuCtxSetCurrent = lib.function("cuCtxSetCurrent", addr);
        cuModuleLoadDataEx = lib.function("cuModuleLoadDataEx",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        cuModuleGetFunction = lib.function("cuModuleGetFunction",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        cuModuleUnload = lib.function("cuModuleUnload", addr);
        cuFuncGetAttribute = lib.function("cuFuncGetAttribute",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        cuFuncSetAttribute = lib.function("cuFuncSetAttribute",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
        cuMemAlloc = lib.function("cuMemAlloc_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        cuMemFree = lib.function("cuMemFree_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
        cuMemsetD8Async = lib.function("cuMemsetD8Async",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_BYTE, JAVA_LONG, ADDRESS));
        cuMemcpyHtoDAsync = lib.function("cuMemcpyHtoDAsync_v2",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
        cuMemcpyDtoHAsync = lib.function("cuMemcpyDtoHAsync_v2",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        cuMemcpyDtoDAsync = lib.function("cuMemcpyDtoDAsync_v2",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS));
        cuMemcpy2DAsync = lib.function("cuMemcpy2DAsync_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        cuMemHostAlloc = lib.function("cuMemHostAlloc", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        cuMemFreeHost = lib.function("cuMemFreeHost", addr);
        cuLaunchKernel = lib.function("cuLaunchKernel", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT,
                JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        cuStreamCreate = lib.function("cuStreamCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuStreamSynchronize = lib.function("cuStreamSynchronize", addr);
        cuStreamDestroy = lib.function("cuStreamDestroy_v2", addr);
        cuStreamWaitEvent = lib.function("cuStreamWaitEvent",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        cuEventCreate = lib.function("cuEventCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuEventRecord = lib.function("cuEventRecord", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        cuEventSynchronize = lib.function("cuEventSynchronize", addr);
        cuEventElapsedTime = lib.function("cuEventElapsedTime",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        cuEventDestroy = lib.function("cuEventDestroy_v2", addr);
    }

    /**
     * A {@link #CUDA_MEMCPY2D} in {@code a} for {@code height} rows of {@code width} bytes from {@code src} (row
     * pitch {@code srcPitch}) to {@code dst} (row pitch {@code dstPitch}); a side is a host address or a
     * {@code CUdeviceptr} after its memory type ({@link #CU_MEMORYTYPE_HOST} / {@link #CU_MEMORYTYPE_DEVICE}); X
     * offsets and Y rows are 0.
     */
    static MemorySegment memcpy2D(Arena a, int srcType, long src, long srcPitch, int dstType, long dst, long dstPitch,
                                  long width, long height) {
        MemorySegment m = a.allocate(CUDA_MEMCPY2D); // zero-filled: offsets, arrays, the unused pointers
        m.set(JAVA_INT, offset("srcMemoryType"), srcType);
        m.set(JAVA_LONG, offset(srcType == CU_MEMORYTYPE_HOST ? "srcHost" : "srcDevice"), src);
        m.set(JAVA_LONG, offset("srcPitch"), srcPitch);
        m.set(JAVA_INT, offset("dstMemoryType"), dstType);
        m.set(JAVA_LONG, offset(dstType == CU_MEMORYTYPE_HOST ? "dstHost" : "dstDevice"), dst);
        m.set(JAVA_LONG, offset("dstPitch"), dstPitch);
        m.set(JAVA_LONG, offset("WidthInBytes"), width);
        m.set(JAVA_LONG, offset("Height"), height);
        return m;
    }

    private static long offset(String field) {
        return CUDA_MEMCPY2D.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /** Calls a {@code CUresult}-returning handle and checks the result. */
    void call(String name, MethodHandle h, Object... args) {
        check(NativeLibrary.invokeInt(name, h, args), name);
    }

    /** Calls and returns the raw {@code CUresult}. */
    int raw(MethodHandle h, Object... args) {
        return NativeLibrary.invokeInt("CUDA call", h, args);
    }

    // ---- hot paths: exact invocation, no boxing; callers build messages only on failure ----

    int ctxSetCurrent(MemorySegment context) {
        try {
            return (int) cuCtxSetCurrent.invokeExact(context);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow("cuCtxSetCurrent", t);
        }
    }

    int streamSynchronize(MemorySegment stream) {
        try {
            return (int) cuStreamSynchronize.invokeExact(stream);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow("cuStreamSynchronize", t);
        }
    }

    int launchKernel(MemorySegment function, int blocks, int threads, MemorySegment stream, MemorySegment params) {
        try {
            return (int) cuLaunchKernel.invokeExact(function, blocks, 1, 1, threads, 1, 1, 0, stream, params,
                    MemorySegment.NULL);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow("cuLaunchKernel", t);
        }
    }

    void check(int rc, String name) {
        if (rc != 0) {
            throw new DeviceException(name + " failed: " + errorName(rc) + " (" + rc + ")");
        }
    }

    @SuppressWarnings("restricted") // FFM native access is this class's purpose
    String errorName(int rc) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            int r = (int) cuGetErrorName.invokeExact(rc, p);
            MemorySegment s = p.get(ADDRESS, 0);
            if (r == 0 && !s.equals(MemorySegment.NULL)) {
                return s.reinterpret(256).getString(0);
            }
        } catch (Throwable ignored) {
            // fall through to the table
        }
        return FALLBACK_NAMES.getOrDefault(rc, "CUDA_ERROR_UNKNOWN_CODE");
    }

    /** The common codes, from {@code cuda.h}, for when {@code cuGetErrorName} itself fails. */
    private static final Map<Integer, String> FALLBACK_NAMES = Map.ofEntries(
            Map.entry(1, "CUDA_ERROR_INVALID_VALUE"), Map.entry(2, "CUDA_ERROR_OUT_OF_MEMORY"),
            Map.entry(3, "CUDA_ERROR_NOT_INITIALIZED"), Map.entry(4, "CUDA_ERROR_DEINITIALIZED"),
            Map.entry(100, "CUDA_ERROR_NO_DEVICE"), Map.entry(101, "CUDA_ERROR_INVALID_DEVICE"),
            Map.entry(200, "CUDA_ERROR_INVALID_IMAGE"), Map.entry(201, "CUDA_ERROR_INVALID_CONTEXT"),
            Map.entry(209, "CUDA_ERROR_NO_BINARY_FOR_GPU"), Map.entry(218, "CUDA_ERROR_INVALID_PTX"),
            Map.entry(222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"), Map.entry(400, "CUDA_ERROR_INVALID_HANDLE"),
            Map.entry(500, "CUDA_ERROR_NOT_FOUND"), Map.entry(700, "CUDA_ERROR_ILLEGAL_ADDRESS"),
            Map.entry(701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"), Map.entry(702, "CUDA_ERROR_LAUNCH_TIMEOUT"),
            Map.entry(719, "CUDA_ERROR_LAUNCH_FAILED"), Map.entry(999, "CUDA_ERROR_UNKNOWN"));
}
