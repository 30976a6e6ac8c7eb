package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.arith.Limbs;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Minimal reader of a circom/snarkjs witness file ({@code .wtns} version 2, shared/reference/snarkjs-formats.md §2)
 * for the snarkjs prover: returns the witness as canonical Fr (4 limbs LE each, w[0] = 1), checking the prime,
 * the sizes and that every value is below r. (The circuits module owns the general .r1cs/.wtns readers; this one
 * exists so that the prover does not wait for them, and can be replaced by theirs.)
 */
final class WtnsFile {
    private WtnsFile() {
    }

    static long[] readCanonical(Path path) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            BinFile f = BinFile.open(path, "wtns", arena);
            if (f.version != 2) {
                throw f.error(4, "wtns version " + f.version + ", only version 2 is supported");
            }
            long h = f.start(1, "header");
            f.requireSize(1, "header", 40);
            int n8 = f.u32(h);
            long[] prime = new long[4];
            MemorySegment.copy(f.seg, BinFile.U64, h + 4, prime, 0, 4);
            if (n8 != 32 || !Limbs.toBigInteger(prime, 0, 4).equals(Fr.R)) {
                throw f.error(h, "witness prime is not the BLS12-381 scalar field r (n8 = " + n8
                        + "); was the circuit compiled with --prime bls12381?");
            }
            long nWitnessU = Integer.toUnsignedLong(f.u32(h + 36));
            int len = f.arrayLength(nWitnessU, 4, h + 36, "witness values");
            int nWitness = len / 4;
            f.requireSize(2, "witness values", nWitnessU * 32);
            long[] w = new long[len];
            long s = f.start(2, "witness values");
            MemorySegment.copy(f.seg, BinFile.U64, s, w, 0, w.length);
            long[] r = Fr.F.modulusLimbs();
            for (int i = 0; i < nWitness; i++) {
                if (!Limbs.lessThan(w, i * 4, r, 0, 4)) {
                    throw f.error(s + i * 32L, "witness value " + i + " is not below r");
                }
            }
            if (nWitness == 0 || w[0] != 1 || w[1] != 0 || w[2] != 0 || w[3] != 0) {
                throw f.error(s, "witness value 0 must be 1 (the constant wire)");
            }
            return w;
        }
    }
}
