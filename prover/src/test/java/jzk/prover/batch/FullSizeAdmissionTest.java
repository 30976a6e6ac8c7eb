package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.pipeline.AdmissionPlan;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.pipeline.PipelineConfig;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.r1cs.ConstraintCounter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Admission of full-size PoRep partitions (StackedDRG shape, K = 18 challenges: 131.2 M constraints, domain 2^27)
 * under {@code --memory-budget 100g} on one device, as {@code scripts/porep-c2-full.sh prove} runs it, computed
 * without allocating a partition.
 *
 * <p>Expected values by hand from the counts: variables = 519 + 18 · 7 241 503 = 130 347 573 (counted with
 * {@link ConstraintCounter} at K = 1: 7 242 022 and K = 2: 14 483 525, each challenge the same gadgets; recounted by
 * the opt-in test below), public inputs 3 + 15 · 18 = 273. a/b/c: 3 · 32 B · 2^27 = 12 GiB; aux: z and the L
 * scalars, 32 B each a variable (minus the 274 public ones for L), the public inputs and four G1 sums (4 · 144 B) =
 * 8 342 245 216 B; one partition 21 227 147 104 B (19.77 GiB). 100 GiB holds 5 of them; the default permits
 * (W = 2, L = 1, G = 1 on one device) hold 4: 84 908 588 416 B (79.1 GiB) of partitions at once. The key on the
 * device: 96 B · (A + B1 + L + H points) + 192 B · B2 points = 75 451 710 528 B (70.3 GiB), plus the 12 GiB a/b/c
 * of its one GPU stage: 82.3 GiB of the H200's 141 GB.
 */
class FullSizeAdmissionTest {
    static final long VARIABLES = 130_347_573L;
    static final int PUBLIC = 273;
    static final long BUDGET = MemoryBudget.parseSize("100g");

    @Test
    void fullSizePartitionsUnderA100GiBBudget() {
        StackedDrgShape k18 = StackedDrgShape.real(18);
        assertEquals(131_229_533L, k18.constraintCount());
        assertEquals(PUBLIC, k18.numPublicInputs());
        long rows = k18.constraintCount() + PUBLIC + 1;
        int lg = 64 - Long.numberOfLeadingZeros(rows - 1);
        assertEquals(27, lg, "domain");

        ProofWorkload.Footprint f = PorepProofWorkload.footprintOf(1L << lg, VARIABLES, PUBLIC);
        assertEquals(12L << 30, f.abcBytes());
        assertEquals(8_342_245_216L, f.auxBytes());
        long key = 75_451_710_528L;

        PipelineConfig config = PipelineConfig.defaults("cuda:0").withMemoryBudget(BUDGET);
        AdmissionPlan plan = AdmissionPlan.of(config, f, key);
        assertEquals(21_227_147_104L, plan.partitionBytes());
        assertEquals(5, plan.byBudget());
        assertEquals(4, plan.byPermits());
        assertEquals(4, plan.withAbc());
        assertEquals("permits", plan.limit());
        assertEquals(84_908_588_416L, plan.peakPartitionBytes());
        assertEquals(key + (12L << 30), plan.deviceBytes());
        assertTrue(plan.deviceBytes() < 140L << 30, "fits one H200");
        assertTrue(plan.describe().startsWith("admission: 4 partitions of 19.8 GiB hold a/b/c at once (by permits; "
                + "budget allows 5), 79.1 GiB of partitions on the host; per device 82.3 GiB"), plan.describe());

        // without the permit bound (the SUPRASEAL_C2 policy) the budget alone decides: 5, under 100 GiB
        AdmissionPlan naive = AdmissionPlan.of(new PipelineConfig(2, 1, 1, List.of("cuda:0"), 2, BUDGET,
                PermitPolicy.RELEASE_AT_SYNTHESIS_END, true, null, null), f, key);
        assertEquals(5, naive.withAbc());
        assertEquals("budget", naive.limit());
        assertTrue(naive.peakPartitionBytes() <= BUDGET);
        // more workers than the budget holds: the budget limits
        AdmissionPlan wide = AdmissionPlan.of(config.withWorkers(8, 2, 1), f, key);
        assertEquals(5, wide.withAbc());
        assertEquals("budget", wide.limit());
    }

    /** Opt-in ({@code -Djzk.test.countRealShape=true}, ≈ 20 s): the variable counts the plan above uses. */
    @Test
    void variableCountsOfTheRealShape() {
        Assumptions.assumeTrue(Boolean.getBoolean("jzk.test.countRealShape"),
                "SKIPPED: set -Djzk.test.countRealShape=true to recount the 32 GiB shape's variables");
        long[] vars = new long[3];
        for (int k = 1; k <= 2; k++) {
            ConstraintCounter c = new ConstraintCounter();
            StackedDrgShape.real(k).shapeOnly().synthesize(c);
            assertEquals(StackedDrgShape.real(k).constraintCount(), c.constraints());
            vars[k] = c.variables();
        }
        assertEquals(7_242_022L, vars[1]);
        assertEquals(14_483_525L, vars[2]);
        assertEquals(VARIABLES, vars[1] + 17 * (vars[2] - vars[1]));
    }
}
