package jzk.tornado.runtime.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Map;

import jzk.tornado.api.DeviceException;
import jzk.tornado.runtime.backend.NativeLibrary;

/**
 * FFM bindings to the OpenCL 1.2 API of the ICD loader ({@code libOpenCL.so.1}); only calls present in every
 * ICD. {@code size_t} is {@code JAVA_LONG} (LP64 Linux), handles are addresses, {@code cl_bitfield}s are
 * {@code JAVA_LONG}. Every call's {@code cl_int} result goes through {@link #check}, which names the call and
 * the code's symbolic name.
 */
final class OpenCl {
    // clGetPlatformInfo
    static final int CL_PLATFORM_VERSION = 0x0901;
    static final int CL_PLATFORM_NAME = 0x0902;
    static final int CL_PLATFORM_VENDOR = 0x0903;
    // clGetDeviceInfo
    static final int CL_DEVICE_TYPE = 0x1000;
    static final int CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002;
    static final int CL_DEVICE_MAX_WORK_GROUP_SIZE = 0x1004;
    static final int CL_DEVICE_MAX_MEM_ALLOC_SIZE = 0x1010;
    static final int CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F;
    static final int CL_DEVICE_LOCAL_MEM_SIZE = 0x1023;
    static final int CL_DEVICE_NAME = 0x102B;
    static final int CL_DEVICE_VENDOR = 0x102C;
    static final int CL_DRIVER_VERSION = 0x102D;
    static final int CL_DEVICE_VERSION = 0x102F;
    static final long CL_DEVICE_TYPE_GPU = 1 << 2;
    static final long CL_DEVICE_TYPE_ALL = 0xFFFFFFFFL;
    static final long CL_QUEUE_PROFILING_ENABLE = 1 << 1;
    static final long CL_MEM_READ_WRITE = 1;
    static final long CL_MEM_ALLOC_HOST_PTR = 1 << 4;
    static final long CL_MAP_READ = 1;
    static final long CL_MAP_WRITE = 1 << 1;
    static final int CL_PROGRAM_BUILD_LOG = 0x1183;
    static final int CL_PROGRAM_BINARY_SIZES = 0x1165;
    static final int CL_PROGRAM_BINARIES = 0x1166;
    static final int CL_KERNEL_WORK_GROUP_SIZE = 0x11B0;
    static final int CL_PROFILING_COMMAND_START = 0x1282;
    static final int CL_PROFILING_COMMAND_END = 0x1283;
    static final int CL_TRUE = 1;
    static final int CL_FALSE = 0;
    static final int CL_DEVICE_NOT_FOUND = -1;
    static final int CL_PLATFORM_NOT_FOUND_KHR = -1001;

    final MethodHandle clGetPlatformIDs;
    final MethodHandle clGetPlatformInfo;
    final MethodHandle clGetDeviceIDs;
    final MethodHandle clGetDeviceInfo;
    final MethodHandle clCreateContext;
    final MethodHandle clReleaseContext;
    final MethodHandle clCreateCommandQueue;
    final MethodHandle clReleaseCommandQueue;
    final MethodHandle clCreateBuffer;
    final MethodHandle clReleaseMemObject;
    final MethodHandle clEnqueueWriteBuffer;
    final MethodHandle clEnqueueReadBuffer;
    final MethodHandle clEnqueueCopyBuffer;
    final MethodHandle clEnqueueWriteBufferRect;
    final MethodHandle clEnqueueReadBufferRect;
    final MethodHandle clEnqueueFillBuffer;
    final MethodHandle clEnqueueMapBuffer;
    final MethodHandle clEnqueueUnmapMemObject;
    final MethodHandle clCreateProgramWithSource;
    final MethodHandle clBuildProgram;
    final MethodHandle clGetProgramBuildInfo;
    final MethodHandle clGetProgramInfo;
    final MethodHandle clReleaseProgram;
    final MethodHandle clCreateKernel;
    final MethodHandle clReleaseKernel;
    final MethodHandle clSetKernelArg;
    final MethodHandle clGetKernelWorkGroupInfo;
    final MethodHandle clEnqueueNDRangeKernel;
    final MethodHandle clEnqueueMarkerWithWaitList;
    final MethodHandle clEnqueueBarrierWithWaitList;
    final MethodHandle clWaitForEvents;
    final MethodHandle clGetEventProfilingInfo;
    final MethodHandle clReleaseEvent;
    final MethodHandle clFinish;
    final MethodHandle clFlush;

    OpenCl(NativeLibrary lib) {
        FunctionDescriptor i = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        clGetPlatformIDs = lib.function("clGetPlatformIDs", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        clGetPlatformInfo = lib.function("clGetPlatformInfo",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS));
        clGetDeviceIDs = lib.function("clGetDeviceIDs",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        clGetDeviceInfo = lib.function("clGetDeviceInfo",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS));
        clCreateContext = lib.function("clCreateContext",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        clReleaseContext = lib.function("clReleaseContext", i);
        clCreateCommandQueue = lib.function("clCreateCommandQueue",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
        clReleaseCommandQueue = lib.function("clReleaseCommandQueue", i);
        clCreateBuffer = lib.function("clCreateBuffer",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS));
        clReleaseMemObject = lib.function("clReleaseMemObject", i);
        FunctionDescriptor rw = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_LONG,
                ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        clEnqueueWriteBuffer = lib.function("clEnqueueWriteBuffer", rw);
        clEnqueueReadBuffer = lib.function("clEnqueueReadBuffer", rw);
        clEnqueueCopyBuffer = lib.function("clEnqueueCopyBuffer", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS,
                ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        // queue, buffer, blocking, buffer_origin[3], host_origin[3], region[3], buffer row and slice pitch, host row
        // and slice pitch, host pointer, wait list, event
        FunctionDescriptor rect = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS,
                JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        clEnqueueWriteBufferRect = lib.function("clEnqueueWriteBufferRect", rect);
        clEnqueueReadBufferRect = lib.function("clEnqueueReadBufferRect", rect);
        clEnqueueFillBuffer = lib.function("clEnqueueFillBuffer", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS,
                ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        clEnqueueMapBuffer = lib.function("clEnqueueMapBuffer", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS,
                JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        clEnqueueUnmapMemObject = lib.function("clEnqueueUnmapMemObject", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        clCreateProgramWithSource = lib.function("clCreateProgramWithSource",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        clBuildProgram = lib.function("clBuildProgram",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        clGetProgramBuildInfo = lib.function("clGetProgramBuildInfo",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS));
        clGetProgramInfo = lib.function("clGetProgramInfo",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS));
        clReleaseProgram = lib.function("clReleaseProgram", i);
        clCreateKernel = lib.function("clCreateKernel", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        clReleaseKernel = lib.function("clReleaseKernel", i);
        clSetKernelArg = lib.function("clSetKernelArg",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS));
        clGetKernelWorkGroupInfo = lib.function("clGetKernelWorkGroupInfo",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS));
        clEnqueueNDRangeKernel = lib.function("clEnqueueNDRangeKernel", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        clEnqueueMarkerWithWaitList = lib.function("clEnqueueMarkerWithWaitList",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        clEnqueueBarrierWithWaitList = lib.function("clEnqueueBarrierWithWaitList",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        clWaitForEvents = lib.function("clWaitForEvents", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        clGetEventProfilingInfo = lib.function("clGetEventProfilingInfo",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS));
        clReleaseEvent = lib.function("clReleaseEvent", i);
        clFinish = lib.function("clFinish", i);
        clFlush = lib.function("clFlush", i);
    }

    // ---- hot paths: exact invocation, no boxing ----

    int setKernelArg(MemorySegment kernel, int index, long size, MemorySegment value) {
        try {
            return (int) clSetKernelArg.invokeExact(kernel, index, size, value);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow("clSetKernelArg", t);
        }
    }

    int enqueueNDRange(MemorySegment queue, MemorySegment kernel, MemorySegment global, MemorySegment local,
                       MemorySegment event) {
        try {
            return (int) clEnqueueNDRangeKernel.invokeExact(queue, kernel, 1, MemorySegment.NULL, global, local, 0,
                    MemorySegment.NULL, event);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow("clEnqueueNDRangeKernel", t);
        }
    }

    /** Throws unless {@code code} is CL_SUCCESS. */
    static void check(int code, String call) {
        if (code != 0) {
            throw new DeviceException(call + " failed: " + errorName(code) + " (" + code + ")");
        }
    }

    /** Invokes a handle that returns cl_int and checks it; wraps Throwable from the linker. */
    static void call(String name, MethodHandle h, Object... args) {
        check(NativeLibrary.invokeInt(name, h, args), name);
    }

    /** Invokes a handle that returns a handle and reports its error through a trailing {@code cl_int*}. */
    static MemorySegment create(String name, MethodHandle h, Arena arena, Object... argsWithoutErr) {
        MemorySegment err = arena.allocate(JAVA_INT);
        Object[] all = java.util.Arrays.copyOf(argsWithoutErr, argsWithoutErr.length + 1);
        all[argsWithoutErr.length] = err;
        MemorySegment result;
        try {
            result = (MemorySegment) h.invokeWithArguments(all);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(name, t);
        }
        check(err.get(JAVA_INT, 0), name);
        if (result.equals(MemorySegment.NULL)) {
            throw new DeviceException(name + " returned NULL without an error code");
        }
        return result;
    }

    /** Symbolic name of an OpenCL error code (cl.h, OpenCL 1.2 + 2.x). */
    static String errorName(int code) {
        return ERRORS.getOrDefault(code, "CL_UNKNOWN_ERROR");
    }

    private static final Map<Integer, String> ERRORS = Map.ofEntries(
            Map.entry(-1, "CL_DEVICE_NOT_FOUND"), Map.entry(-2, "CL_DEVICE_NOT_AVAILABLE"),
            Map.entry(-3, "CL_COMPILER_NOT_AVAILABLE"), Map.entry(-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"),
            Map.entry(-5, "CL_OUT_OF_RESOURCES"), Map.entry(-6, "CL_OUT_OF_HOST_MEMORY"),
            Map.entry(-7, "CL_PROFILING_INFO_NOT_AVAILABLE"), Map.entry(-8, "CL_MEM_COPY_OVERLAP"),
            Map.entry(-9, "CL_IMAGE_FORMAT_MISMATCH"), Map.entry(-10, "CL_IMAGE_FORMAT_NOT_SUPPORTED"),
            Map.entry(-11, "CL_BUILD_PROGRAM_FAILURE"), Map.entry(-12, "CL_MAP_FAILURE"),
            Map.entry(-13, "CL_MISALIGNED_SUB_BUFFER_OFFSET"),
            Map.entry(-14, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"),
            Map.entry(-15, "CL_COMPILE_PROGRAM_FAILURE"), Map.entry(-16, "CL_LINKER_NOT_AVAILABLE"),
            Map.entry(-17, "CL_LINK_PROGRAM_FAILURE"), Map.entry(-18, "CL_DEVICE_PARTITION_FAILED"),
            Map.entry(-19, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"), Map.entry(-30, "CL_INVALID_VALUE"),
            Map.entry(-31, "CL_INVALID_DEVICE_TYPE"), Map.entry(-32, "CL_INVALID_PLATFORM"),
            Map.entry(-33, "CL_INVALID_DEVICE"), Map.entry(-34, "CL_INVALID_CONTEXT"),
            Map.entry(-35, "CL_INVALID_QUEUE_PROPERTIES"), Map.entry(-36, "CL_INVALID_COMMAND_QUEUE"),
            Map.entry(-37, "CL_INVALID_HOST_PTR"), Map.entry(-38, "CL_INVALID_MEM_OBJECT"),
            Map.entry(-39, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"), Map.entry(-40, "CL_INVALID_IMAGE_SIZE"),
            Map.entry(-41, "CL_INVALID_SAMPLER"), Map.entry(-42, "CL_INVALID_BINARY"),
            Map.entry(-43, "CL_INVALID_BUILD_OPTIONS"), Map.entry(-44, "CL_INVALID_PROGRAM"),
            Map.entry(-45, "CL_INVALID_PROGRAM_EXECUTABLE"), Map.entry(-46, "CL_INVALID_KERNEL_NAME"),
            Map.entry(-47, "CL_INVALID_KERNEL_DEFINITION"), Map.entry(-48, "CL_INVALID_KERNEL"),
            Map.entry(-49, "CL_INVALID_ARG_INDEX"), Map.entry(-50, "CL_INVALID_ARG_VALUE"),
            Map.entry(-51, "CL_INVALID_ARG_SIZE"), Map.entry(-52, "CL_INVALID_KERNEL_ARGS"),
            Map.entry(-53, "CL_INVALID_WORK_DIMENSION"), Map.entry(-54, "CL_INVALID_WORK_GROUP_SIZE"),
            Map.entry(-55, "CL_INVALID_WORK_ITEM_SIZE"), Map.entry(-56, "CL_INVALID_GLOBAL_OFFSET"),
            Map.entry(-57, "CL_INVALID_EVENT_WAIT_LIST"), Map.entry(-58, "CL_INVALID_EVENT"),
            Map.entry(-59, "CL_INVALID_OPERATION"), Map.entry(-60, "CL_INVALID_GL_OBJECT"),
            Map.entry(-61, "CL_INVALID_BUFFER_SIZE"), Map.entry(-62, "CL_INVALID_MIP_LEVEL"),
            Map.entry(-63, "CL_INVALID_GLOBAL_WORK_SIZE"), Map.entry(-64, "CL_INVALID_PROPERTY"),
            Map.entry(-65, "CL_INVALID_IMAGE_DESCRIPTOR"), Map.entry(-66, "CL_INVALID_COMPILER_OPTIONS"),
            Map.entry(-67, "CL_INVALID_LINKER_OPTIONS"), Map.entry(-68, "CL_INVALID_DEVICE_PARTITION_COUNT"),
            Map.entry(-69, "CL_INVALID_PIPE_SIZE"), Map.entry(-70, "CL_INVALID_DEVICE_QUEUE"),
            Map.entry(-1001, "CL_PLATFORM_NOT_FOUND_KHR"));
}
