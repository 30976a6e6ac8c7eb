package jzk.prover.snarkjs;

import java.io.IOException;
import java.nio.file.Path;
import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Witness;

/**
 * Reads a circom/snarkjs witness ({@code .wtns} version 2, shared/reference/snarkjs-formats.md §2) as a
 * {@link Witness}: values converted from the file's canonical little-endian integers to Montgomery form. Parsing
 * and validation (magic, version, prime = r, section sizes, values below r, w[0] = 1; errors naming file and
 * offset) are {@link WtnsFile}'s. A {@code .wtns} does not say how many wires are public, so the caller gives the
 * count or the {@link R1cs} (whose variable count must then match the file's).
 */
public final class WtnsReader {
    private WtnsReader() {
    }

    /** The witness with {@code numInputs} public wires (outputs + public inputs, excluding ONE). */
    public static Witness read(Path path, int numInputs) throws IOException {
        long[] z = WtnsFile.readCanonical(path);
        int n = z.length / Fr.LIMBS;
        if (n < 1 + numInputs) {
            throw new IllegalArgumentException(path + ": " + n + " witness values cannot hold ONE and " + numInputs
                    + " public inputs");
        }
        Fr.F.fromCanonicalVector(z, 0, n);
        return new Witness(numInputs, z);
    }

    /** The witness of {@code r1cs}; its value count must equal the constraint system's variable count. */
    public static Witness read(Path path, R1cs r1cs) throws IOException {
        Witness w = read(path, r1cs.numInputs());
        if (w.numVariables() != r1cs.numVariables()) {
            throw new IllegalArgumentException(path + ": " + w.numVariables() + " witness values, but the R1CS has "
                    + r1cs.numVariables() + " wires");
        }
        return w;
    }
}
