package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import jzk.prover.groth16.Points;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.ProofWorkload.Footprint;
import org.junit.jupiter.api.Test;

/** Admission at full PoRep size in long arithmetic, without allocating anything of that size. */
class FootprintAtScaleTest {
    static final long DOMAIN = 1L << 27;
    static final long VARS = (1L << 27) - 5000;
    static final long PUBLIC = 2082;

    @Test
    void aTwoToThe27PartitionCountsTwelveGibOfAbc() {
        Footprint f = PorepProofWorkload.footprintOf(DOMAIN, VARS, PUBLIC);
        assertEquals(12L << 30, f.abcBytes());
        BigInteger aux = BigInteger.valueOf(32).multiply(BigInteger.valueOf(VARS))
                .add(BigInteger.valueOf(32).multiply(BigInteger.valueOf(VARS - PUBLIC - 1)))
                .add(BigInteger.valueOf(32 * PUBLIC + 4L * Points.G1_JAC * 8));
        assertEquals(aux.longValueExact(), f.auxBytes());
        assertThrows(ArithmeticException.class, () -> PorepProofWorkload.footprintOf(1L << 62, VARS, PUBLIC));
    }

    /** {@code --memory-budget 100g} admits floor(100 GiB / footprint) such partitions at once, not one more. */
    @Test
    void oneHundredGibAdmitsWhatFits() throws InterruptedException {
        long total = PorepProofWorkload.footprintOf(DOMAIN, VARS, PUBLIC).totalBytes();
        MemoryBudget budget = new MemoryBudget(MemoryBudget.parseSize("100g"));
        int expect = BigInteger.valueOf(100).shiftLeft(30).divide(BigInteger.valueOf(total)).intValueExact();
        int granted = 0;
        while (budget.reserve(total, () -> true)) {
            granted++;
        }
        assertEquals(expect, granted);
        assertEquals((long) expect * total, budget.reservedBytes());
        budget.release(total);
        assertEquals(true, budget.reserve(total, () -> true));
    }
}
