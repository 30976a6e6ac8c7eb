package jzk.server;

import java.nio.file.Path;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.Zkey;

/**
 * One resident parameter set of the {@link ParamManager}: the built-in circuit of one shape (its R1CS and
 * cached Groth16 key, as {@link PorepGroth16}) or a snarkjs zkey. Read-only once loaded, shared by every job of
 * that circuit.
 *
 * <p>{@link #bytes()} is what the set is charged against the memory budget while resident: the key's point
 * arrays on the host (8 bytes a long), which dominate; the R1CS and small fields are not counted. A built-in set
 * on a device session proves with the session's resident key ({@link jzk.prover.batch.ProverSession#residentKey}),
 * which holds no large host arrays.
 */
sealed interface ParamSet {

    String id();

    Path source();

    long bytes();

    /** The proving key (its arrays are what a device backend keeps resident). */
    ProvingKey pk();

    /** Built-in circuit parameters. */
    record Builtin(String id, PorepGroth16 factory) implements ParamSet {
        @Override
        public ProvingKey pk() {
            return factory.provingKey();
        }

        @Override
        public Path source() {
            return factory.params().file();
        }

        @Override
        public long bytes() {
            return keyBytes(factory.provingKey());
        }
    }

    /** A snarkjs zkey, with its key view and prepared verifying key. */
    record Snarkjs(String id, Zkey zkey, ProvingKey pk, PreparedVerifyingKey pvk) implements ParamSet {
        static Snarkjs of(String id, Zkey z) {
            return new Snarkjs(id, z, SnarkjsProver.provingKey(z), new PreparedVerifyingKey(SnarkjsProver.verifyingKey(z)));
        }

        @Override
        public Path source() {
            return zkey.path;
        }

        @Override
        public long bytes() {
            // the key arrays are the zkey's (shared), plus the coefficient section
            return keyBytes(pk) + 8L * zkey.coefValue.length + 12L * zkey.nCoefs;
        }
    }

    /**
     * Bytes of a key's point arrays on the host: A, B1, B2, L (or C), H; 0 for a key resident on a device (its large
     * sections are device memory, not charged to the host budget).
     */
    static long keyBytes(ProvingKey pk) {
        if (pk.device != null) {
            return 0;
        }
        return 8L * ((long) pk.a.length + pk.b1.length + pk.b2.length + pk.l.length + pk.h.length);
    }
}
