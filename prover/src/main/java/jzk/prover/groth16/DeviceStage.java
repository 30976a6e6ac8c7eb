package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.prover.config.ProverConfig;
import jzk.prover.pipeline.PhaseTimes;
import jzk.prover.r1cs.R1cs;
import jzk.tornado.bls.BlsGpu;
import jzk.tornado.bls.Coset;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.Ntt;

/**
 * The GPU stage of a Groth16 proof from its witness alone, every step on one device: the host uploads the
 * assignment z once (32 bytes a variable) and downloads only the five sums. On the device, in order:
 *
 * <ol>
 *   <li>a, b, c = A·z, B·z, C·z over the R1CS kept resident per shape ({@link DeviceR1cs}), with a's
 *       input-consistency rows and the zero padding of the domain (the host's {@link StagedProver#evaluations});</li>
 *   <li>the satisfaction count of a∘b = c (the first failing row is found on the host only when it is not 0);</li>
 *   <li>the quotient H by the key's variant (six NTTs and a·b − c, {@link BlsGpu#quotient(Ntt, KernelHost.Buffer,
 *       KernelHost.Buffer, KernelHost.Buffer, Coset, long[], BlsGpu.Steps)}), H to canonical, its MSM;</li>
 *   <li>z to canonical in place, then the MSMs A, B1, L (over z's private part) and, when asked, B2 in G2.</li>
 * </ol>
 *
 * The sums are the same group elements as the host path ({@link StagedProver#evaluations},
 * {@link StagedProver#g1Phase}, {@link StagedProver#msmB2}), so with fixed r, s the proofs are byte-identical
 * (tested on the jvm device). Device memory beyond the resident key and matrices: z and the three domain vectors
 * (32 bytes an element each), the NTT plan's tables and scratch (built per stage, or kept by the backend with
 * {@code jzk.ntt.keepPlans}: {@link DeviceBackend#nttPlan}), the MSM scratch; b and c are freed before the witness
 * MSMs.
 * Each step ends with a wait when phases are recorded, so the clock's laps are the steps' device times.
 */
public final class DeviceStage {
    /**
     * {@code -Djzk.prover.deviceAbc=false} keeps the a/b/c evaluation on the host for every device (the previous
     * path, for comparisons); read once.
     */
    public static final boolean ENABLED = ProverConfig.get().deviceAbc();

    private DeviceStage() {
    }

    /** The G1 sums and, when asked, the G2 sum Σz·B2 (Jacobian) of one proof. */
    public record Result(StagedProver.G1Sums g1, long[] b2) {
    }

    /** Whether {@link #run} handles keys of this size (the NTT kernels need a domain of at least 2). */
    public static boolean supports(ProvingKey pk) {
        return pk.domainSize() >= 2;
    }

    /**
     * The GPU stage on {@code be} from {@code zMontgomery} (the witness, Montgomery, 4 longs a variable; not
     * modified). {@code what} prefixes the message of an unsatisfied constraint ("proof 3 partition 0").
     */
    public static Result run(ProvingKey pk, R1cs cs, DeviceBackend be, long[] zMontgomery, boolean withB2,
                             PhaseTimes.Clock clock, String what) {
        int n = pk.domainSize();
        int m = cs.numConstraints();
        int vars = pk.nVars;
        int inputs = pk.nPublic + 1;
        if (cs.numVariables() != vars || zMontgomery.length != 4 * vars || m + inputs > n || !supports(pk)) {
            throw new IllegalArgumentException("R1CS of " + cs.numVariables() + " variables / " + m + " rows, "
                    + "witness of " + zMontgomery.length / 4 + " and key of " + vars + " variables / 2^" + pk.lgDomain
                    + " rows do not match");
        }
        KernelHost host = be.host();
        DeviceR1cs matrices = be.matrices(cs);
        clock.lap("r1cs resident");
        boolean bellman = pk.hVariant == ProvingKey.HVariant.BELLMAN;
        Fr.RootFamily family = bellman ? Fr.RootFamily.GENERATOR_7 : Fr.RootFamily.SNARKJS_5;
        int hCount = pk.hCount();
        long[] hSum;
        try (KernelHost.Buffer z = host.allocate(8L * vars); KernelHost.Buffer a = host.allocate(8L * n)) {
            host.write(z, 0, zMontgomery, 0, zMontgomery.length);
            clock.lap("upload z");
            try (KernelHost.Buffer b = host.allocate(8L * n); KernelHost.Buffer c = host.allocate(8L * n);
                 NttPlans.Lease plan = be.nttPlan(pk.lgDomain, family)) {
                matrices.evaluate(z, a, b, c, inputs, n);
                host.finish();
                clock.lap("abc eval");
                if (BlsGpu.countUnsatisfied(host, a, b, c, m) != 0) {
                    throw unsatisfied(host, a, b, c, m, what);
                }
                clock.lap("r1cs check");
                BlsGpu.quotient(plan.plan(), a, b, c, bellman ? Coset.GENERATOR : Coset.ODD,
                        bellman ? DeviceBackend.bellmanZInverse(n) : null, clock::lap);
            }
            BlsGpu.toCanonical(host, a, 0, hCount);
            host.finish();
            clock.lap("h to canonical");
            hSum = be.msmKey(pk, KeySection.H, a, 0, hCount);
            clock.lap("msm H");
            BlsGpu.toCanonical(host, z, 0, vars);
            host.finish();
            clock.lap("z to canonical");
            long[] aSum = be.msmKey(pk, KeySection.A, z, 0, vars);
            clock.lap("msm A");
            long[] b1Sum = be.msmKey(pk, KeySection.B1, z, 0, vars);
            clock.lap("msm B1");
            long[] lSum = be.msmKey(pk, KeySection.L, z, inputs, vars - inputs);
            clock.lap("msm L");
            long[] b2 = withB2 ? be.msmKey(pk, KeySection.B2, z, 0, vars) : null;
            if (withB2) {
                clock.lap("msm B2 (G2)");
            }
            return new Result(new StagedProver.G1Sums(aSum, b1Sum, lSum, hSum), b2);
        }
    }

    /** Error path: reads a, b, c back and names the first row with a·b ≠ c. */
    private static IllegalStateException unsatisfied(KernelHost host, KernelHost.Buffer a, KernelHost.Buffer b,
                                                     KernelHost.Buffer c, int m, String what) {
        long[] ha = new long[4 * m];
        long[] hb = new long[4 * m];
        long[] hc = new long[4 * m];
        host.read(a, 0, ha, 0, ha.length);
        host.read(b, 0, hb, 0, hb.length);
        host.read(c, 0, hc, 0, hc.length);
        int row = StagedProver.firstUnsatisfiedRow(ha, hb, hc, m);
        return new IllegalStateException(what + ": constraint " + row + " of " + m
                + " is not satisfied by the witness (A·z · B·z ≠ C·z)");
    }
}
