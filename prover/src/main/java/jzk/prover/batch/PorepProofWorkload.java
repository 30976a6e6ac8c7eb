package jzk.prover.batch;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.circuits.VanillaProof;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.DeviceStage;
import jzk.prover.groth16.Points;
import jzk.prover.groth16.ProverBackend;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.StagedProver;
import jzk.prover.groth16.Verifier;
import jzk.prover.pipeline.PhaseTimes;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.r1cs.FrOps;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Witness;
import jzk.tornado.progress.Progress;
import jzk.tornado.progress.Timings;

/**
 * One proof (PoRep-like or StackedDRG-shaped) of a {@link PorepGroth16} batch, through the {@link ProofWorkload} stages:
 *
 * <pre>
 *   synthesize(p)   witness-only synthesis of partition p; on the host path also a/b/c = A·z, B·z, C·z by the CSR
 *                   mat-vec plus the input-consistency rows ({@link StagedProver#evaluations}), a∘b = c
 *                   checked row by row, z made canonical
 *   gpuStage        device path ({@link PorepGroth16#deviceAbc}: every device of the session runs kernels):
 *                   {@link DeviceStage#run} — z uploaded once, a/b/c, the check, H, every MSM (G2 too) on the
 *                   device; host path: {@link StagedProver#g1Phase} on the slot's backend
 *                   ({@link ProverSession#backend}): H by NTTs, MSMs A, B1, L, H; on a GPU also the G2 MSM for B
 *                   ({@link StagedProver#msmB2}); a/b/c are dropped when it returns
 *   finalizeStage   on the CPU: the G2 MSM for B when the GPU stage ran on the CPU backend (cpu), blinding
 *                   with fresh r, s, assembly ({@link StagedProver#assemble})
 *   assemble        the P partition proofs in order ({@link PorepProof})
 *   verify          batch pairing check of all partition proofs ({@link Verifier#verifyBatch})
 * </pre>
 *
 * <p>Every stage laps its phases on the factory's {@link PhaseTimes} (the report's phase table).
 *
 * <p>Footprint (from the shape, per partition; {@link #footprintOf}, long arithmetic): abc = a, b, c, 3 vectors ×
 * n × 32 bytes (n = domain size; 12 GiB at n = 2^27) on the host path, none on the device path; aux = the assignment, 32 bytes a variable (one array: the
 * witness is sized by the recorded shape and turned canonical in place), plus the copy of the L scalars the GPU
 * stage's MSM makes while it runs (32 bytes a private variable), the public inputs and the four G1 sums. Only
 * Java arrays: close() is the default no-op, dropping the references frees them.
 */
public final class PorepProofWorkload implements ProofWorkload {
    private static final SecureRandom BLINDING = new SecureRandom();

    private final PorepGroth16 f;
    private final VanillaProof in;
    private final String name;

    PorepProofWorkload(PorepGroth16 factory, VanillaProof in, String name) {
        this.f = factory;
        this.in = in;
        this.name = name;
    }

    @Override
    public String label() {
        return name;
    }

    @Override
    public int partitions() {
        return in.partitionCount();
    }

    /**
     * The shape label of the proving key ({@link ProverSession#residentKey} keeps one key per device and shape): the
     * scheduler prefers a device that holds it ({@link ProverSession} as inventory).
     */
    @Override
    public Object paramsKey() {
        return f.shape().shapeId();
    }

    @Override
    public Footprint footprint(int partition) {
        return f.footprint();
    }

    /**
     * The footprint of a partition of {@code domain} rows and {@code nVars} variables (see the class comment); with
     * {@code deviceAbc} a/b/c live on the device only (no host bytes) and z is the only large host array.
     */
    static Footprint footprintOf(long domain, long nVars, long nPublic, boolean deviceAbc) {
        long element = 4L * Long.BYTES;
        long abc = deviceAbc ? 0 : Math.multiplyExact(3 * element, domain);
        long z = Math.multiplyExact(element, nVars);
        long lScalars = deviceAbc ? 0 : Math.multiplyExact(element, nVars - nPublic - 1);
        long aux = Math.addExact(Math.addExact(z, lScalars), element * nPublic + 4L * Points.G1_JAC * Long.BYTES);
        return new Footprint(abc, aux);
    }

    /** The host-path footprint (a/b/c on the host). */
    static Footprint footprintOf(long domain, long nVars, long nPublic) {
        return footprintOf(domain, nVars, nPublic, false);
    }

    /**
     * A synthesized partition: the witness {@code z} (Montgomery when a, b, c are null — the device evaluates
     * them —, else canonical, a/b/c evaluated on the host) and its public inputs.
     */
    record Synth(int partition, long[] a, long[] b, long[] c, long[] z, long[] publicInputs)
            implements Synthesized {
    }

    /** {@code b2Sum} is the G2 MSM for B when the GPU stage computed it, else null (finalize does it on the CPU). */
    record Gpu(int partition, StagedProver.G1Sums g1, long[] b2Sum, long[] zCanonical, long[] publicInputs)
            implements GpuResult {
    }

    /** Partition {@code partition}'s Groth16 proof and its public inputs (Montgomery Fr). */
    public record Part(int partition, jzk.prover.groth16.Proof proof, long[] publicInputs) implements PartialProof {
    }

    @Override
    public Synthesized synthesize(int partition) throws InterruptedException {
        R1cs cs = f.cs;
        ProvingKey pk = f.pk;
        PhaseTimes.Clock clock = f.phases.clock();
        // sized by the recorded shape where the family allows: z is one array of its final size, written in place
        Witness w = in.witness(partition, cs);
        w.requireShapeOf(cs);
        clock.lap("witness");
        checkInterrupt();
        long[] publicInputs = w.publicInputs();
        if (f.deviceAbc) {
            return new Synth(partition, null, null, null, w.z(), publicInputs);
        }
        long n = pk.domainSize();
        long[] a = FrOps.newVector(n, "a (domain)");
        long[] b = FrOps.newVector(n, "b (domain)");
        long[] c = FrOps.newVector(n, "c (domain)");
        StagedProver.evaluations(pk, cs, w.z(), a, b, c);
        clock.lap("abc eval (host)");
        int bad = StagedProver.firstUnsatisfiedRow(a, b, c, cs.numConstraints());
        if (bad >= 0) {
            throw new IllegalStateException(name + " partition " + partition + ": constraint " + bad + " of "
                    + cs.numConstraints() + " is not satisfied by the witness (A·z · B·z ≠ C·z)");
        }
        clock.lap("r1cs check (host)");
        // the witness is dropped here: its array becomes the canonical copy in place (no second 32 B/variable)
        long[] zc = w.z();
        Fr.F.toCanonicalVector(zc, 0, pk.nVars);
        clock.lap("z to canonical (host)");
        return new Synth(partition, a, b, c, zc, publicInputs);
    }

    @Override
    public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws InterruptedException {
        Synth x = (Synth) s;
        checkInterrupt();
        ProverBackend be = f.session.backend(slot.device(), slot.worker()); // the worker's own stream
        ProvingKey pk = f.keyFor(slot.device()); // on a device: the session's resident key of this shape
        PhaseTimes.Clock clock = f.phases.clock();
        boolean cpu = ProverSession.isCpu(slot.device());
        if (x.a() == null) {
            // a/b/c on the device from the witness; the G2 MSM there too (see below)
            DeviceStage.Result r = DeviceStage.run(pk, f.cs, (DeviceBackend) be, x.z(), true, clock,
                    name + " partition " + x.partition());
            // the G2 sum is done, so the finalizer needs no assignment: the witness is dropped here
            return new Gpu(x.partition(), r.g1(), r.b2(), null, x.publicInputs());
        }
        StagedProver.G1Sums g1 = StagedProver.g1Phase(pk, be, x.a(), x.b(), x.c(), x.z(), clock);
        // On a GPU the G2 MSM runs here too: measured on the H200 at 2^16, the CPU finalizer's G2 MSM (≈ 0.9 s on
        // 2 threads) was 3.5× the whole GPU stage and left the GPU idle 43 % of the time.
        long[] b2 = cpu ? null : StagedProver.msmB2(pk, be, x.z());
        if (!cpu) {
            clock.lap("msm B2 (G2)");
        }
        return new Gpu(x.partition(), g1, b2, x.z(), x.publicInputs());
    }

    @Override
    public PartialProof finalizeStage(GpuResult r) throws InterruptedException {
        Gpu g = (Gpu) r;
        checkInterrupt();
        long[] rr = new long[4];
        long[] ss = new long[4];
        Fr.F.random(rr, 0, BLINDING);
        Fr.F.random(ss, 0, BLINDING);
        PhaseTimes.Clock clock = f.phases.clock();
        jzk.prover.groth16.Proof p;
        if (g.b2Sum() != null) {
            p = StagedProver.assemble(f.pk, g.g1(), g.b2Sum(), rr, ss);
        } else {
            ProvingKey cpuKey = f.keyFor(ProverSession.CPU);
            long[] b2 = StagedProver.msmB2(cpuKey, CpuBackend.INSTANCE, g.zCanonical());
            clock.lap("msm B2 (G2, cpu tail)");
            p = StagedProver.assemble(cpuKey, g.g1(), b2, rr, ss);
        }
        clock.lap("assemble");
        return new Part(g.partition(), p, g.publicInputs());
    }

    @Override
    public PorepProof assemble(List<PartialProof> parts) {
        List<jzk.prover.groth16.Proof> proofs = new ArrayList<>(parts.size());
        List<long[]> inputs = new ArrayList<>(parts.size());
        for (int i = 0; i < parts.size(); i++) {
            Part p = (Part) parts.get(i);
            if (p.partition() != i) {
                throw new IllegalStateException(name + ": partition " + p.partition() + " at position " + i);
            }
            proofs.add(p.proof());
            inputs.add(p.publicInputs());
        }
        return new PorepProof(proofs, inputs);
    }

    @Override
    public boolean verify(ProofWorkload.Proof proof) {
        PorepProof p = (PorepProof) proof;
        return Verifier.verifyBatch(f.pvk, p.proofs(), p.publicInputs());
    }

    /**
     * All stages in order on the calling thread, the GPU stage on {@code device}, one of the session's devices
     * (for {@code jzk prove}).
     */
    public PorepProof proveDirect(String device) throws Exception {
        List<PartialProof> parts = new ArrayList<>();
        DeviceSlot slot = new DeviceSlot(device, 0, 0);
        try (Progress.Task progress = Progress.installed().start("proving", partitions(), "partitions")) {
            for (int i = 0; i < partitions(); i++) {
                String of = "· partition " + (i + 1) + "/" + partitions() + ": ";
                progress.detail(of + "synthesis");
                Synthesized syn;
                try (Timings.Phase t = Timings.phase("  synthesis (per partition)")) {
                    syn = synthesize(i);
                }
                progress.detail(of + "GPU stage on " + device);
                GpuResult gpu;
                try (Timings.Phase t = Timings.phase("  GPU stage (per partition)")) {
                    gpu = gpuStage(syn, slot);
                }
                progress.detail(of + "finalize");
                try (Timings.Phase t = Timings.phase("  finalize (per partition)")) {
                    parts.add(finalizeStage(gpu));
                }
                progress.detail("");
                progress.advance(1);
            }
        }
        return assemble(parts);
    }

    private static void checkInterrupt() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("cancelled");
        }
    }
}
