package jzk.bench.circuits;

import jzk.prover.circuits.PorepCircuit;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.r1cs.CsrMatrix;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;

/**
 * Records one PoRep-like partition shape and prints what its R1CS holds: entries, bytes per matrix and per
 * constraint, distinct coefficients, aliased B rows, recording time and heap. Also names the first aliased B row
 * whose entries start at or past index 2^26 of B (2^28 longs of the former 4-limb-per-entry layout): the row
 * where JDK's six-argument {@code Arrays.equals} began to compare the wrong memory (the B-row bug at
 * {@code --challenges 2080 --depth 30}).
 *
 * <p>Usage: {@code R1csFootprint K D [poseidon|sha256]}. Not a unit test (2080 × 30 records 16.8 M constraints).
 */
public final class R1csFootprint {
    private R1csFootprint() {
    }

    public static void main(String[] args) {
        int k = Integer.parseInt(args[0]);
        int d = Integer.parseInt(args[1]);
        MerkleHash leaf = args.length > 2 ? MerkleHash.valueOf(args[2].toUpperCase(java.util.Locale.ROOT))
                : MerkleHash.POSEIDON;
        PorepShape shape = new PorepShape(k, d, leaf);
        long t0 = System.nanoTime();
        R1cs cs = Synthesizer.record(PorepCircuit.shapeOnly(shape), false);
        double s = (System.nanoTime() - t0) / 1e9;
        long m = cs.numConstraints();
        System.out.printf("%s: %s, recorded in %.1f s, %d aliased B rows%n", shape.shapeId(), cs, s,
                cs.aliasedBRows());
        for (String name : new String[] {"A", "B", "C"}) {
            CsrMatrix x = name.equals("A") ? cs.a() : name.equals("B") ? cs.b() : cs.c();
            System.out.printf("  %s: nnz %d (%.2f a row), %d bytes (%.1f a constraint)%n", name, x.nnz(),
                    x.nnz() / (double) m, x.heapBytes(), x.heapBytes() / (double) m);
        }
        System.out.printf("  distinct coefficients %d; R1CS total %d bytes = %.1f bytes a constraint "
                + "(former layout, 36 bytes an entry: %.1f)%n", cs.a().coeffTable().length / 4, cs.heapBytes(),
                cs.heapBytes() / (double) m,
                (36.0 * (cs.a().nnz() + (long) cs.b().nnz() + cs.c().nnz()) + 12.0 * (m + 1) + 4.0 * m) / m);
        int[] bStart = cs.b().rowStart();
        for (int i = 0; i < m; i++) {
            if (cs.bRowAlias(i) >= 0 && bStart[i] >= 1 << 26) {
                System.out.printf("  first aliased B row with entry offset >= 2^26: row %d (B entry %d) = A row %d%n",
                        i, bStart[i], cs.bRowAlias(i));
                break;
            }
        }
        Runtime rt = Runtime.getRuntime();
        System.gc();
        System.out.printf("  heap used after GC, R1CS alive: %d MiB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
        java.lang.ref.Reference.reachabilityFence(cs);
    }
}
