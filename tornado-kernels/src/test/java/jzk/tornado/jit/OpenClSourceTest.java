package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;

/** Every conformance kernel compiles to OpenCL C with the documented parameter list. */
class OpenClSourceTest {
    @Test
    void everyConformanceKernelCompilesToOpenCl() {
        for (Case c : ConformanceCases.CASES) {
            CompiledKernel k = KernelCompiler.compile(c.method(), Target.openCl());
            assertTrue(k.source().contains("__kernel void " + k.entryName() + "("), c.name());
            assertEquals(k.usesBarrier(), k.source().contains("barrier(CLK_LOCAL_MEM_FENCE"), c.name());
        }
    }

    @Test
    void parameterListFollowsTheAbi() throws Exception {
        Case c = ConformanceCases.CASES.stream().filter(x -> x.name().equals("offHeap")).findFirst().orElseThrow();
        CompiledKernel k = KernelCompiler.compile(c.method(), Target.openCl());
        assertEquals(List.of(new KernelParam("ctx", ParamKind.CONTEXT), new KernelParam("in", ParamKind.OFFHEAP_LONGS),
                new KernelParam("in$length", ParamKind.LONG), new KernelParam("out", ParamKind.OFFHEAP_LONGS),
                new KernelParam("out$length", ParamKind.LONG)), rename(k.params()));
        assertTrue(k.source().contains("__global ulong*"), k.source());
    }

    /** Parameter names are argN unless compiled with -parameters; compare kinds with canonical names. */
    private static List<KernelParam> rename(List<KernelParam> ps) {
        String[] names = {"ctx", "in", "in$length", "out", "out$length"};
        return java.util.stream.IntStream.range(0, ps.size())
                .mapToObj(i -> new KernelParam(names[i], ps.get(i).kind())).toList();
    }
}
