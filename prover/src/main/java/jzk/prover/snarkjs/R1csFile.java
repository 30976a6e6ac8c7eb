package jzk.prover.snarkjs;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;
import jzk.arith.Fr;
import jzk.arith.Limbs;
import jzk.prover.r1cs.CsrMatrix;
import jzk.prover.r1cs.R1cs;

/**
 * Reader of circom's binary constraint file ({@code .r1cs} version 1; r1csfile.js, see
 * shared/reference/snarkjs-formats.md §1) into an {@link R1cs} over BLS12-381 Fr.
 *
 * <p>Sections: 1 header ({@code n8 | prime | nWires | nPubOut | nPubIn | nPrvIn | nLabels u64 | nConstraints}),
 * 2 constraints (per constraint the linear combinations A, B, C, each {@code nTerms u32 | (wire u32, coef[n8])*}),
 * 3 wire → label map ({@code nWires × u64}, optional here). Sections may come in any order; others (custom gates)
 * are ignored. Coefficients are plain little-endian integers (not Montgomery), converted to Montgomery form here;
 * constraints keep the file's order and terms their order (a repeated wire in one linear combination is kept: the
 * CSR mat-vec sums it).
 *
 * <p>Every defect — wrong magic or version, a prime other than r, a missing section, a section or term running past
 * its end, a wire out of range, a coefficient ≥ r, trailing bytes — throws {@link IllegalArgumentException} naming
 * the file, the byte offset and what is wrong. The file is memory-mapped; only the CSR arrays live on the heap (int
 * indexed: fewer than 2^31 / 4 terms per matrix).
 */
public final class R1csFile {
    private static final int N = Fr.LIMBS;

    private R1csFile() {
    }

    /** Reads {@code path}, including the wire map when present. */
    public static CircomR1cs read(Path path) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            BinFile f = BinFile.open(path, "r1cs", arena);
            if (f.version != 1) {
                throw f.error(4, "r1cs version " + f.version + ", only version 1 is supported");
            }
            long h = f.start(1, "header");
            long hSize = f.size(1);
            if (hSize < 4) {
                throw f.error(h, "header section has " + hSize + " bytes, too short for n8");
            }
            int n8 = f.u32(h);
            if (n8 != 32) {
                throw f.error(h, "field element size n8 = " + Integer.toUnsignedString(n8)
                        + ", expected 32 (the BLS12-381 scalar field)");
            }
            f.requireSize(1, "header", 4 + 32 + 16 + 8 + 4);
            long[] prime = new long[N];
            MemorySegment.copy(f.seg, BinFile.U64, h + 4, prime, 0, N);
            if (!Limbs.toBigInteger(prime, 0, N).equals(Fr.R)) {
                throw f.error(h + 4, "prime is 0x" + Limbs.toBigInteger(prime, 0, N).toString(16)
                        + ", expected the BLS12-381 scalar field r (compile with circom --prime bls12381)");
            }
            long nWires = Integer.toUnsignedLong(f.u32(h + 36));
            long nPubOut = Integer.toUnsignedLong(f.u32(h + 40));
            long nPubIn = Integer.toUnsignedLong(f.u32(h + 44));
            long nPrvIn = Integer.toUnsignedLong(f.u32(h + 48));
            long nLabels = f.seg.get(BinFile.U64, h + 52);
            long nConstraints = Integer.toUnsignedLong(f.u32(h + 60));
            if (nWires < 1 + nPubOut + nPubIn + nPrvIn || nWires > Integer.MAX_VALUE / N) {
                throw f.error(h + 36, "nWires = " + nWires + " cannot hold ONE, " + nPubOut + " outputs, " + nPubIn
                        + " public and " + nPrvIn + " private inputs");
            }
            if (nConstraints > Integer.MAX_VALUE - 1) {
                throw f.error(h + 60, "nConstraints = " + nConstraints + " is beyond this reader's limit");
            }
            int numInputs = (int) (nPubOut + nPubIn);
            int wires = (int) nWires;
            int rows = (int) nConstraints;

            long cStart = f.start(2, "constraints");
            long cEnd = cStart + f.size(2);
            Csr[] m = {new Csr(rows), new Csr(rows), new Csr(rows)};
            long off = cStart;
            long[] coef = new long[N];
            for (int row = 0; row < rows; row++) {
                for (int which = 0; which < 3; which++) {
                    String lc = "constraint " + row + " " + "ABC".charAt(which);
                    if (off + 4 > cEnd) {
                        throw f.error(off, "truncated: " + lc + " starts past the end of section 2 (ends at "
                                + cEnd + ")");
                    }
                    long nTerms = Integer.toUnsignedLong(f.u32(off));
                    off += 4;
                    if (off + nTerms * (4 + 32) > cEnd) {
                        throw f.error(off - 4, "truncated: " + lc + " has " + nTerms + " terms, which run past the end"
                                + " of section 2 (ends at " + cEnd + ")");
                    }
                    for (long t = 0; t < nTerms; t++) {
                        long wire = Integer.toUnsignedLong(f.u32(off));
                        if (wire >= nWires) {
                            throw f.error(off, lc + " term " + t + ": wire " + wire + " is not below nWires = "
                                    + nWires);
                        }
                        MemorySegment.copy(f.seg, BinFile.U64, off + 4, coef, 0, N);
                        if (!Limbs.lessThan(coef, 0, Fr.F.modulusLimbs(), 0, N)) {
                            throw f.error(off + 4, lc + " term " + t + ": coefficient is not below r");
                        }
                        Fr.F.fromCanonical(coef, 0, coef, 0);
                        m[which].add((int) wire, coef);
                        off += 36;
                    }
                }
                for (Csr c : m) {
                    c.endRow();
                }
            }
            if (off != cEnd) {
                throw f.error(off, "section 2 has " + (cEnd - off) + " bytes after its " + rows + " constraints");
            }
            long[] labels = null;
            try {
                long mStart = f.start(3, "wire to label map");
                f.requireSize(3, "wire to label map", nWires * 8);
                labels = new long[wires];
                MemorySegment.copy(f.seg, BinFile.U64, mStart, labels, 0, wires);
            } catch (IllegalArgumentException e) {
                if (!e.getMessage().contains("is missing")) {
                    throw e;
                }
            }
            R1cs r1cs = new R1cs(numInputs, wires - 1 - numInputs, m[0].build(wires), m[1].build(wires),
                    m[2].build(wires), null);
            return new CircomR1cs(r1cs, (int) nPubOut, (int) nPubIn, (int) nPrvIn, nLabels, labels);
        }
    }

    /** Just the constraint system. */
    public static R1cs readR1cs(Path path) throws IOException {
        return read(path).r1cs();
    }

    /** Growable CSR arrays of one matrix. */
    private static final class Csr {
        private final int[] rowStart;
        private int[] col = new int[256];
        private long[] coeffs = new long[256 * N];
        private int rows;
        private int nnz;

        Csr(int rows) {
            rowStart = new int[rows + 1];
        }

        void add(int wire, long[] c) {
            if (nnz == col.length) {
                col = Arrays.copyOf(col, col.length * 2);
                coeffs = Arrays.copyOf(coeffs, coeffs.length * 2);
            }
            col[nnz] = wire;
            System.arraycopy(c, 0, coeffs, nnz * N, N);
            nnz++;
        }

        void endRow() {
            rows++;
            rowStart[rows] = nnz;
        }

        CsrMatrix build(int cols) {
            return new CsrMatrix(rows, cols, rowStart, Arrays.copyOf(col, nnz), Arrays.copyOf(coeffs, nnz * N));
        }
    }
}
