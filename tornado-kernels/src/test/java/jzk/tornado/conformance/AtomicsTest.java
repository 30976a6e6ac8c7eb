package jzk.tornado.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;
import jzk.tornado.jit.KernelCompileException;
import jzk.tornado.jit.KernelCompiler;
import jzk.tornado.jit.Target;

/**
 * {@link Atomics#addInt} in Java and through the JIT: the conformance kernel's results checked against their
 * definition (not only against another device), the emitted instructions, and the rejection of private arrays.
 */
class AtomicsTest {
    @Test
    void histogramResultsMatchTheirDefinition() throws Exception {
        ConformanceCases.Case c = ConformanceCases.CASES.stream().filter(x -> x.name().equals("atomicHistogram"))
                .findFirst().orElseThrow();
        Object[] args = c.arguments(7);
        ConformanceCases.runOnJvm(c.method(), c.globalSize(), c.localSize(), args);
        int[] keys = (int[]) args[1];
        int[] counts = (int[]) args[2];
        int[] sums = (int[]) args[3];
        int[] slots = (int[]) args[4];
        int[] groupCounts = (int[]) args[5];
        int keysN = ConformanceKernels.ATOMIC_KEYS;
        int slotsN = ConformanceKernels.ATOMIC_SLOTS;
        int group = c.localSize();
        int[] wantCounts = new int[keysN];
        int[] wantSums = new int[keysN];
        int[] wantGroup = new int[groupCounts.length];
        for (int i = 0; i < keys.length; i++) {
            int k = keys[i] & (keysN - 1);
            wantCounts[k]++;
            wantSums[k] += keys[i];
            wantGroup[i / group * keysN + k] += 1 + (keys[i] >>> 31);
        }
        assertEquals(java.util.Arrays.toString(wantCounts), java.util.Arrays.toString(counts));
        assertEquals(java.util.Arrays.toString(wantSums), java.util.Arrays.toString(sums));
        assertEquals(java.util.Arrays.toString(wantGroup), java.util.Arrays.toString(groupCounts));
        for (int k = 0; k < keysN; k++) {
            for (int j = 0; j < slotsN; j++) {
                // each old value 0..count-1 came back exactly once
                assertEquals(j < counts[k] ? 1 + j : 0, slots[k * slotsN + j], "key " + k + " slot " + j);
            }
        }
    }

    @Test
    void compilesToDeviceAtomics() {
        Method m = ConformanceCases.CASES.stream().filter(x -> x.name().equals("atomicHistogram")).findFirst()
                .orElseThrow().method();
        String ptx = KernelCompiler.compile(m, Target.ptx(90)).source();
        assertTrue(ptx.contains("atom.global.add.u32"), ptx);
        assertTrue(ptx.contains("atom.shared.add.u32"), ptx);
        String cl = KernelCompiler.compile(m, Target.openCl()).source();
        assertTrue(cl.contains("atomic_add(&"), cl);
    }

    public static void atomicOnPrivate(KernelContext ctx, int[] out) {
        int[] mine = new int[4];
        out[ctx.globalIdx] = Atomics.addInt(mine, 0, 1);
    }

    @Test
    void privateArraysAreRejected() throws Exception {
        Method m = AtomicsTest.class.getMethod("atomicOnPrivate", KernelContext.class, int[].class);
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> KernelCompiler.compile(m, Target.ptx(90)));
        assertTrue(e.getMessage().contains("only global or local int arrays"), e.getMessage());
    }
}
