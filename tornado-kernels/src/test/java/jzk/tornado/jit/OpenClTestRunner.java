package jzk.tornado.jit;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * Test-only OpenCL 1.2 launcher over FFM, to build and run JIT output on whatever OpenCL platform is installed
 * (PoCL on the build machines). The real runtime is elsewhere; this one exists so the JIT's OpenCL C can be
 * checked end to end against the JVM without depending on it.
 *
 * <p>Invariant: every call's status is checked; a failed build throws with the compiler's build log.
 */
@SuppressWarnings("restricted")
final class OpenClTestRunner implements AutoCloseable {
    private static final Linker LINKER = Linker.nativeLinker();
    private final SymbolLookup lib;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment device;
    private final MemorySegment context;
    private final MemorySegment queue;

    private OpenClTestRunner(SymbolLookup lib) throws Throwable {
        this.lib = lib;
        MemorySegment ids = arena.allocate(ADDRESS);
        MemorySegment n = arena.allocate(JAVA_INT);
        check((int) h("clGetPlatformIDs", JAVA_INT, JAVA_INT, ADDRESS, ADDRESS).invokeExact(1, ids, n),
                "clGetPlatformIDs");
        if (n.get(JAVA_INT, 0) == 0) {
            throw new IllegalStateException("no OpenCL platform");
        }
        MemorySegment platform = ids.get(ADDRESS, 0);
        MemorySegment dev = arena.allocate(ADDRESS);
        check((int) h("clGetDeviceIDs", JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS)
                .invokeExact(platform, 0xFFFF_FFFFL, 1, dev, n), "clGetDeviceIDs");
        device = dev.get(ADDRESS, 0);
        MemorySegment err = arena.allocate(JAVA_INT);
        context = (MemorySegment) h("clCreateContext", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS,
                ADDRESS).invokeExact(MemorySegment.NULL, 1, dev, MemorySegment.NULL, MemorySegment.NULL, err);
        check(err.get(JAVA_INT, 0), "clCreateContext");
        queue = (MemorySegment) h("clCreateCommandQueue", ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS)
                .invokeExact(context, device, 0L, err);
        check(err.get(JAVA_INT, 0), "clCreateCommandQueue");
    }

    /** A runner on the first OpenCL platform, or null when OpenCL is not available here. */
    static OpenClTestRunner open() {
        try {
            return new OpenClTestRunner(SymbolLookup.libraryLookup("libOpenCL.so.1", Arena.global()));
        } catch (Throwable e) {
            return null;
        }
    }

    private MethodHandle h(String name, MemoryLayout ret, MemoryLayout... args) {
        return LINKER.downcallHandle(lib.find(name).orElseThrow(() -> new IllegalStateException(name + " missing")),
                FunctionDescriptor.of(ret, args));
    }

    private static void check(int status, String what) {
        if (status != 0) {
            throw new IllegalStateException(what + " failed with OpenCL status " + status);
        }
    }

    /**
     * Builds {@code k} and runs it over {@code globalSize} work-items in groups of {@code localSize}, with the
     * Java argument list {@code args} (null for the KernelContext); arrays are copied back into {@code args}.
     */
    void run(CompiledKernel k, int globalSize, int localSize, Object[] args) throws Throwable {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment strings = a.allocate(ADDRESS);
            strings.set(ADDRESS, 0, a.allocateFrom(k.source()));
            MemorySegment program = (MemorySegment) h("clCreateProgramWithSource", ADDRESS, ADDRESS, JAVA_INT,
                    ADDRESS, ADDRESS, ADDRESS).invokeExact(context, 1, strings, MemorySegment.NULL, err);
            check(err.get(JAVA_INT, 0), "clCreateProgramWithSource");
            MemorySegment devs = a.allocate(ADDRESS);
            devs.set(ADDRESS, 0, device);
            int built = (int) h("clBuildProgram", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS)
                    .invokeExact(program, 1, devs, a.allocateFrom("-cl-std=CL1.2"), MemorySegment.NULL,
                            MemorySegment.NULL);
            if (built != 0) {
                MemorySegment log = a.allocate(1 << 16);
                int ignored = (int) h("clGetProgramBuildInfo", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG,
                        ADDRESS, ADDRESS).invokeExact(program, device, 0x1183, log.byteSize(), log,
                        MemorySegment.NULL);
                throw new IllegalStateException("OpenCL build failed (" + built + "):\n" + log.getString(0));
            }
            MemorySegment kernel = (MemorySegment) h("clCreateKernel", ADDRESS, ADDRESS, ADDRESS, ADDRESS)
                    .invokeExact(program, a.allocateFrom(k.entryName()), err);
            check(err.get(JAVA_INT, 0), "clCreateKernel");
            MethodHandle setArg = h("clSetKernelArg", JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS);
            MethodHandle createBuffer = h("clCreateBuffer", ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS,
                    ADDRESS);
            List<MemorySegment[]> copies = new ArrayList<>();
            List<MemorySegment> buffers = new ArrayList<>();
            int javaArg = 0;
            int devArg = 0;
            for (KernelParam p : k.params()) {
                if (p.kind() == ParamKind.CONTEXT) {
                    javaArg++;
                    continue;
                }
                MemorySegment value;
                if (p.isLength()) {
                    Object arr = args[javaArg - 1];
                    value = switch (arr) {
                        case long[] l -> a.allocateFrom(JAVA_INT, l.length);
                        case int[] i -> a.allocateFrom(JAVA_INT, i.length);
                        case OffHeapLongArray o -> a.allocateFrom(JAVA_LONG, o.size());
                        case OffHeapIntArray o -> a.allocateFrom(JAVA_LONG, o.size());
                        default -> throw new IllegalArgumentException("length of " + arr);
                    };
                } else {
                    Object v = args[javaArg++];
                    value = switch (v) {
                        case Integer i -> a.allocateFrom(JAVA_INT, i);
                        case Long l -> a.allocateFrom(JAVA_LONG, l);
                        default -> {
                            MemorySegment host = switch (v) {
                                case long[] l -> a.allocateFrom(JAVA_LONG, l);
                                case int[] i -> a.allocateFrom(JAVA_INT, i);
                                case OffHeapLongArray o -> o.segment();
                                case OffHeapIntArray o -> o.segment();
                                default -> throw new IllegalArgumentException("argument " + v);
                            };
                            MemorySegment mem = (MemorySegment) createBuffer.invokeExact(context, 1L | 32L,
                                    Math.max(8L, host.byteSize()), host, err);
                            check(err.get(JAVA_INT, 0), "clCreateBuffer");
                            buffers.add(mem);
                            copies.add(new MemorySegment[] {mem, host});
                            yield a.allocateFrom(ADDRESS, mem);
                        }
                    };
                }
                check((int) setArg.invokeExact(kernel, devArg++, value.byteSize(), value), "clSetKernelArg " + p);
            }
            check((int) h("clEnqueueNDRangeKernel", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS,
                    ADDRESS, JAVA_INT, ADDRESS, ADDRESS).invokeExact(queue, kernel, 1, MemorySegment.NULL,
                    a.allocateFrom(JAVA_LONG, (long) globalSize), a.allocateFrom(JAVA_LONG, (long) localSize), 0,
                    MemorySegment.NULL, MemorySegment.NULL), "clEnqueueNDRangeKernel");
            MethodHandle read = h("clEnqueueReadBuffer", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG,
                    JAVA_LONG, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
            for (MemorySegment[] c : copies) {
                check((int) read.invokeExact(queue, c[0], 1, 0L, c[1].byteSize(), c[1], 0, MemorySegment.NULL,
                        MemorySegment.NULL), "clEnqueueReadBuffer");
            }
            check((int) h("clFinish", JAVA_INT, ADDRESS).invokeExact(queue), "clFinish");
            int ci = 0;
            for (int i = 0; i < args.length; i++) {
                Object v = args[i];
                if (v instanceof long[] l) {
                    MemorySegment.copy(copies.get(ci++)[1], JAVA_LONG, 0, l, 0, l.length);
                } else if (v instanceof int[] in) {
                    MemorySegment.copy(copies.get(ci++)[1], JAVA_INT, 0, in, 0, in.length);
                } else if (v instanceof OffHeapLongArray || v instanceof OffHeapIntArray) {
                    ci++;
                }
            }
            MethodHandle releaseMem = h("clReleaseMemObject", JAVA_INT, ADDRESS);
            for (MemorySegment m : buffers) {
                check((int) releaseMem.invokeExact(m), "clReleaseMemObject");
            }
            check((int) h("clReleaseKernel", JAVA_INT, ADDRESS).invokeExact(kernel), "clReleaseKernel");
            check((int) h("clReleaseProgram", JAVA_INT, ADDRESS).invokeExact(program), "clReleaseProgram");
        }
    }

    @Override
    public void close() {
        try {
            int a = (int) h("clReleaseCommandQueue", JAVA_INT, ADDRESS).invokeExact(queue);
            int b = (int) h("clReleaseContext", JAVA_INT, ADDRESS).invokeExact(context);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        } finally {
            arena.close();
        }
    }
}
