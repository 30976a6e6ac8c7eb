package jzk.server;

import java.security.SecureRandom;
import java.util.List;
import jzk.arith.Fr;
import jzk.prover.batch.PorepProof;
import jzk.prover.batch.ProverSession;
import jzk.prover.groth16.Prover;
import jzk.prover.groth16.Verifier;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.snarkjs.SnarkjsProver;

/**
 * One snarkjs proof (a loaded zkey and a witness) as a one-partition {@link ProofWorkload}:
 *
 * <pre>
 *   synthesize   a, b from the zkey's coefficients, c = a·b ({@link SnarkjsProver#evaluations})
 *   gpuStage     the whole Groth16 proof on the slot's backend (the server's {@link ProverSession}) ({@link Prover#prove}, fresh r, s); drops a/b/c
 *   finalize     pairs the proof with its public signals
 *   assemble     a one-partition {@link PorepProof}
 *   verify       the pairing check under the zkey's own verifying key
 * </pre>
 *
 * Footprint: abc = 3 × domain × 32 bytes; aux = the witness (nVars × 32) and the public signals.
 */
final class ZkeyWorkload implements ProofWorkload {
    private static final SecureRandom BLINDING = new SecureRandom();

    private final ParamSet.Snarkjs params;
    private final long[] witness;
    private final ProverSession session;
    private final String name;

    /** @param witness canonical Fr, exactly nVars values (checked by the caller) */
    ZkeyWorkload(ParamSet.Snarkjs params, long[] witness, ProverSession session, String name) {
        this.params = params;
        this.witness = witness;
        this.session = session;
        this.name = name;
    }

    @Override
    public String label() {
        return name;
    }

    @Override
    public int partitions() {
        return 1;
    }

    @Override
    public Footprint footprint(int partition) {
        long n = params.zkey().domainSize;
        return new Footprint(3 * n * 32, (long) params.zkey().nVars * 32 + (long) params.zkey().nPublic * 32);
    }

    private record Synth(int partition, long[][] abc) implements Synthesized {
    }

    private record Gpu(int partition, jzk.prover.groth16.Proof proof) implements GpuResult {
    }

    private record Part(int partition, jzk.prover.groth16.Proof proof) implements PartialProof {
    }

    @Override
    public Synthesized synthesize(int partition) {
        return new Synth(partition, SnarkjsProver.evaluations(params.zkey(), witness));
    }

    @Override
    public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws InterruptedException {
        long[][] abc = ((Synth) s).abc();
        if (Thread.interrupted()) {
            throw new InterruptedException("cancelled");
        }
        long[] r = new long[4];
        long[] t = new long[4];
        Fr.F.random(r, 0, BLINDING);
        Fr.F.random(t, 0, BLINDING);
        jzk.prover.groth16.Proof p = Prover.prove(params.pk(), session.backend(slot.device()), abc[0], abc[1], abc[2], witness, r, t);
        return new Gpu(s.partition(), p);
    }

    @Override
    public PartialProof finalizeStage(GpuResult r) {
        return new Part(r.partition(), ((Gpu) r).proof());
    }

    @Override
    public PorepProof assemble(List<PartialProof> parts) {
        return new PorepProof(List.<jzk.prover.groth16.Proof>of(((Part) parts.get(0)).proof()),
                List.of(SnarkjsProver.publicSignals(params.zkey(), witness)));
    }

    @Override
    public boolean verify(ProofWorkload.Proof proof) {
        PorepProof p = (PorepProof) proof;
        return Verifier.verify(params.pvk(), p.proofs().get(0), p.publicInputs().get(0));
    }
}
