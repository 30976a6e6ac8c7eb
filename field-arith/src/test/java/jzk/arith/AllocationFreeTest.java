package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hot-path entry points allocate nothing: measured with the JVM's per-thread allocation counter over 2000
 * calls (an allocation of even one small array per call would show as ≥ 64 KB).
 */
class AllocationFreeTest {
    private static final int CALLS = 2000;
    private static final long SLACK_BYTES = 4096;

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static void assertNoAllocation(String what, Runnable op) {
        for (int i = 0; i < CALLS; i++) {
            op.run(); // warm up, so class loading and first-call work are not counted
        }
        long before = allocated();
        for (int i = 0; i < CALLS; i++) {
            op.run();
        }
        long bytes = allocated() - before;
        assertTrue(bytes < SLACK_BYTES, what + " allocated " + bytes + " bytes in " + CALLS + " calls");
    }

    @Test
    void fieldAndTowerHotPathsDoNotAllocate() {
        Random rnd = new Random(5);
        long[] a = new long[Fp12.LONGS];
        long[] b = new long[Fp12.LONGS];
        long[] r = new long[Fp12.LONGS];
        for (int i = 0; i < 12; i++) {
            Fp.F.random(a, 6 * i, rnd);
            Fp.F.random(b, 6 * i, rnd);
        }
        long[] t = new long[Fp12.SCRATCH];
        assertNoAllocation("Fp mul", () -> Fp.F.mul(r, 0, a, 0, b, 0));
        assertNoAllocation("Fp square", () -> Fp.F.square(r, 0, a, 0));
        assertNoAllocation("Fp add/sub/neg", () -> {
            Fp.F.add(r, 0, a, 0, b, 0);
            Fp.F.sub(r, 6, a, 0, b, 0);
            Fp.F.neg(r, 12, a, 0);
        });
        assertNoAllocation("Fr mul/square", () -> {
            Fr.F.mul(r, 0, a, 0, b, 0);
            Fr.F.square(r, 4, a, 0);
        });
        assertNoAllocation("Fp2 mul/square", () -> {
            Fp2.mul(r, 0, a, 0, b, 0, t, 0);
            Fp2.square(r, 12, a, 0, t, 0);
            Fp2.mulByNonResidue(r, 24, a, 0, t, 0);
        });
        assertNoAllocation("Fp6 mul/square", () -> {
            Fp6.mul(r, 0, a, 0, b, 0, t, 0);
            Fp6.square(r, 36, a, 0, t, 0);
        });
        assertNoAllocation("Fp12 mul/square/mulBy014/cyclotomicSquare/frobenius", () -> {
            Fp12.mul(r, 0, a, 0, b, 0, t, 0);
            Fp12.square(r, 0, r, 0, t, 0);
            Fp12.mulBy014(r, 0, r, 0, b, 0, 12, 48, t, 0);
            Fp12.cyclotomicSquare(r, 0, r, 0, t, 0);
            Fp12.frobenius(r, 0, r, 0, 1, t, 0);
        });
    }
}
