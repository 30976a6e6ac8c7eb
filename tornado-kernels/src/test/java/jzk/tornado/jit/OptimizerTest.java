package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;

import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.bls.kernels.NttKernels;
import jzk.tornado.conformance.ConformanceCases;
import org.junit.jupiter.api.Test;

/**
 * Golden properties of the IR passes ({@link Optimizer}): which loops unroll, which private arrays become
 * registers. Their results are checked elsewhere, bit for bit against the JVM: the conformance cases
 * {@code unrolledLoops} and {@code partlyUnrolledLoops} in {@link PtxConformanceTest} (PTX interpreter) and
 * {@code DeviceConformanceTest} (PoCL, and CUDA / NVIDIA OpenCL where present), the BLS kernels in their own
 * tests.
 */
class OptimizerTest {
    private static Method conformance(String name) {
        return ConformanceCases.CASES.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().method();
    }

    private static Ir.Function optimised(Method m) {
        Ir.Function fn = KernelReader.read(m);
        Optimizer.optimise(fn, Optimizer.DEFAULT_BUDGET);
        return fn;
    }

    private static int loops(Ir.Function fn) {
        List<Cfg.Loop> loops = new Cfg(fn).loops();
        assertNotNull(loops, "reducible graph");
        return loops.size();
    }

    private static long privateArrays(Ir.Function fn) {
        return fn.arrays.stream().filter(a -> a.space == Ir.Space.PRIVATE).count();
    }

    @Test
    void constantTripLoopsUnrollAndTheirArrayBecomesRegisters() {
        Ir.Function before = KernelReader.read(conformance("unrolledLoops"));
        assertTrue(loops(before) >= 6, "the kernel as read has its loops");
        assertEquals(1, privateArrays(before));
        Ir.Function fn = optimised(conformance("unrolledLoops"));
        assertEquals(0, loops(fn), "every loop unrolled");
        assertEquals(0, privateArrays(fn), "t[] scalar-replaced");
        String ptx = KernelCompiler.compile(conformance("unrolledLoops"), Target.ptx(90)).source();
        assertFalse(ptx.contains(".local"), "no local memory in the PTX");
        assertFalse(KernelCompiler.compile(conformance("unrolledLoops"), Target.openCl()).source().contains("priv_"),
                "no private array in the OpenCL C");
    }

    @Test
    void dataDependentAndOverLimitLoopsStay() {
        Ir.Function fn = optimised(conformance("partlyUnrolledLoops"));
        // the data-dependent loop and the 3000-trip loop stay; the 8-trip fill loop unrolls
        assertEquals(2, loops(fn));
        assertEquals(1, privateArrays(fn), "t[] indexed by data stays in memory");
        assertTrue(KernelCompiler.compile(conformance("partlyUnrolledLoops"), Target.ptx(90)).source()
                .contains(".local"));
    }

    @Test
    void budgetZeroUnrollsNothing() {
        Ir.Function fn = KernelReader.read(conformance("unrolledLoops"));
        int before = loops(fn);
        Optimizer.optimise(fn, 0);
        assertEquals(before, loops(fn));
    }

    @Test
    void blsFieldKernelsUseNoLocalMemory() {
        for (Method m : List.of(Kernels.of(FieldKernels::frMulSub),
                Kernels.of(FieldKernels::frMulChain), Kernels.of(NttKernels::pass),
                Kernels.of(NttKernels::passSmall),
                Kernels.of(NttKernels::mulByPowers), Kernels.of(NttKernels::powers))) {
            String ptx = KernelCompiler.compile(m, Target.ptx(90)).source();
            assertFalse(ptx.contains(".local"), m.getName());
            // the Fr modulus is folded into immediates: no constant table is left to load from
            assertFalse(ptx.contains("ld.const"), m.getName());
        }
        // frMulChain: only the data-dependent iteration loop is left
        assertEquals(1, loops(optimised(Kernels.of(FieldKernels::frMulChain))));
    }
}
