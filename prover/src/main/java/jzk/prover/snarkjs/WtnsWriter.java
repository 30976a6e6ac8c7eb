package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.arith.Limbs;
import jzk.prover.r1cs.Witness;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a circom/snarkjs witness file ({@code .wtns} version 2; shared/reference/snarkjs-formats.md §2), the
 * writing side of {@link WtnsFile}: section 1 = n8 (32) | prime r | nWitness, section 2 = the values as canonical
 * little-endian integers (jzk's {@link Witness} holds Montgomery form; converted here). Wire order is jzk's
 * (0 = one, then the public inputs, then the rest), which is the order a zkey from
 * {@link jzk.prover.groth16.SnarkjsSetup} expects.
 */
public final class WtnsWriter {
    private WtnsWriter() {
    }

    public static void write(Path path, Witness w) throws IOException {
        long[] z = w.z().clone();
        int n = z.length / Fr.LIMBS;
        Fr.F.toCanonicalVector(z, 0, n);
        try (BinFileWriter out = new BinFileWriter(path, "wtns", 2, 2)) {
            out.startSection(1);
            out.u32(32);
            out.longs(Limbs.fromBigInteger(Fr.R, Fr.LIMBS), 0, Fr.LIMBS);
            out.u32(n);
            out.endSection();
            out.startSection(2);
            out.longs(z, 0, z.length);
            out.endSection();
        }
    }
}
