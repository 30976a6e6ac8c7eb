package jzk.prover.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import org.junit.jupiter.api.Test;

/**
 * Poseidon at the widths of the StackedDRG circuit (t = 9: arity-8 tree nodes; t = 12: 11-layer column hashes).
 * The Grain constants and Cauchy matrix for a width other than 3 are pinned by the authors' published t = 5 vector;
 * the t = 9 and t = 12 permutations are checked against a direct BigInteger implementation written here from the
 * paper's round structure (independent of {@link Poseidon}'s limb arithmetic and loop structure); the gadget
 * against the native hash, with its stated constraint count.
 */
class PoseidonWideTest {
    /**
     * hadeshash {@code code/test_vectors.txt}, "poseidonperm_x5_255_5" (BLS12-381 Fr, t = 5, α = 5, R_F = 8,
     * R_P = 60), input 0 1 2 3 4, as quoted by independent ports (a Zig BLS12-381 port, the py_cc tests).
     */
    @Test
    void widthFiveMatchesPublishedVector() {
        String[] out = {
            "2a918b9c9f9bd7bb509331c81e297b5707f6fc7393dcee1b13901a0b22202e18",
            "65ebf8671739eeb11fb217f2d5c5bf4a0c3f210e3f3cd3b08b5db75675d797f7",
            "2cc176fc26bc70737a696a9dfd1b636ce360ee76926d182390cdb7459cf585ce",
            "4dc4e29d283afd2a491fe6aef122b9a968e74eff05341f3cc23fda1781dcb566",
            "03ff622da276830b9451b88b85e6184fd6ae15c8ab3ee25a5667be8592cce3b1",
        };
        PoseidonParams p = new PoseidonParams(5, 8, 60);
        long[] state = new long[5 * 4];
        for (int i = 0; i < 5; i++) {
            Fr.F.fromBigInteger(state, 4 * i, BigInteger.valueOf(i));
        }
        Poseidon.permute(p, state, 0);
        for (int i = 0; i < 5; i++) {
            assertEquals(new BigInteger(out[i], 16), Fr.F.toBigInteger(state, 4 * i), "cell " + i);
        }
    }

    /** The permutation on BigIntegers: per round add constants, x^5 on all cells (full) or cell 0, multiply by M. */
    static BigInteger[] permuteBig(PoseidonParams p, BigInteger[] in) {
        BigInteger r = Fr.R;
        int t = p.t;
        BigInteger[] s = in.clone();
        for (int round = 0; round < p.fullRounds + p.partialRounds; round++) {
            boolean full = round < p.fullRounds / 2 || round >= p.fullRounds / 2 + p.partialRounds;
            for (int i = 0; i < t; i++) {
                s[i] = s[i].add(Fr.F.toBigInteger(p.roundConstants, (round * t + i) * 4)).mod(r);
                if (full || i == 0) {
                    s[i] = s[i].modPow(BigInteger.valueOf(5), r);
                }
            }
            BigInteger[] next = new BigInteger[t];
            for (int i = 0; i < t; i++) {
                BigInteger acc = BigInteger.ZERO;
                for (int j = 0; j < t; j++) {
                    acc = acc.add(Fr.F.toBigInteger(p.mds, (i * t + j) * 4).multiply(s[j]));
                }
                next[i] = acc.mod(r);
            }
            s = next;
        }
        return s;
    }

    @Test
    void wideInstancesMatchBigIntegerPermutation() {
        Random rnd = new Random(11);
        for (PoseidonParams p : new PoseidonParams[] {PoseidonParams.X5_255_9, PoseidonParams.X5_255_12}) {
            assertEquals(8, p.fullRounds);
            assertEquals(57, p.partialRounds);
            BigInteger[] in = new BigInteger[p.t];
            long[] state = new long[p.t * 4];
            for (int i = 0; i < p.t; i++) {
                in[i] = new BigInteger(256, rnd).mod(Fr.R);
                Fr.F.fromBigInteger(state, 4 * i, in[i]);
            }
            BigInteger[] expect = permuteBig(p, in);
            Poseidon.permute(p, state, 0);
            for (int i = 0; i < p.t; i++) {
                assertEquals(expect[i], Fr.F.toBigInteger(state, 4 * i), "t=" + p.t + " cell " + i);
            }
            // the hash is cell 0 of the permutation of [0, inputs]
            long[] inputs = java.util.Arrays.copyOfRange(state, 4, 4 * p.t);
            BigInteger[] withZero = new BigInteger[p.t];
            withZero[0] = BigInteger.ZERO;
            for (int i = 1; i < p.t; i++) {
                withZero[i] = Fr.F.toBigInteger(inputs, 4 * (i - 1));
            }
            assertEquals(permuteBig(p, withZero)[0], Fr.F.toBigInteger(Poseidon.hash(p, inputs), 0));
        }
        assertEquals(PoseidonParams.X5_255_9, PoseidonParams.forArity(8));
        assertEquals(PoseidonParams.X5_255_12, PoseidonParams.forArity(11));
        assertEquals(56, PoseidonParams.forArity(4).partialRounds);
    }

    @Test
    void gadgetMatchesNativeAtEveryWidthUsed() {
        Random rnd = new Random(3);
        for (int arity : new int[] {1, 2, 8, 11}) {
            PoseidonParams p = PoseidonParams.forArity(arity);
            long[] in = new long[arity * 4];
            for (int i = 0; i < arity; i++) {
                Fr.F.random(in, 4 * i, rnd);
            }
            long[][] got = new long[1][];
            R1cs r = CircuitAssert.assertConsistent(cs -> {
                AllocatedNum[] x = new AllocatedNum[arity];
                for (int i = 0; i < arity; i++) {
                    int at = i;
                    x[i] = AllocatedNum.alloc(cs, "x" + i, () -> java.util.Arrays.copyOfRange(in, 4 * at, 4 * at + 4));
                }
                got[0] = PoseidonGadget.hash(cs, "h", p, x).value();
            });
            assertArrayEquals(Poseidon.hash(p, in), got[0], "arity " + arity);
            assertEquals(PoseidonGadget.hashConstraints(p), r.numConstraints(), "arity " + arity);
        }
        assertEquals(444, PoseidonGadget.hashConstraints(PoseidonParams.X5_255_9));
        assertEquals(537, PoseidonGadget.hashConstraints(PoseidonParams.X5_255_12));
        assertEquals(PoseidonGadget.HASH2_CONSTRAINTS, PoseidonGadget.hashConstraints(PoseidonParams.X5_255_3));
    }

    @Test
    void octMerklePathMatchesNativeAtEveryPosition() {
        Random rnd = new Random(8);
        int depth = 2;
        for (int pos = 0; pos < 8; pos++) {
            long index = pos + 8L * rnd.nextInt(8); // every position at level 0, a random one at level 1
            long[] leaf = new long[4];
            Fr.F.random(leaf, 0, rnd);
            long[] sib = new long[7 * depth * 4];
            for (int i = 0; i < 7 * depth; i++) {
                Fr.F.random(sib, 4 * i, rnd);
            }
            long[] expect = OctMerklePath.rootNative(leaf, sib, 0, depth, index);
            // independent: build level 0's children by hand and hash with the native arity-8 hash
            long[] children = new long[8 * 4];
            for (int j = 0, s = 0; j < 8; j++) {
                System.arraycopy(j == pos ? leaf : java.util.Arrays.copyOfRange(sib, 4 * s, 4 * s + 4), 0,
                        children, 4 * j, 4);
                if (j != pos) {
                    s++;
                }
            }
            long[] level1 = Poseidon.hash(PoseidonParams.X5_255_9, children);
            long[] one = OctMerklePath.rootNative(leaf, sib, 0, 1, index);
            assertArrayEquals(level1, one);
            long[][] got = new long[1][];
            R1cs r = CircuitAssert.assertConsistent(cs -> {
                AllocatedNum lf = AllocatedNum.alloc(cs, "leaf", () -> leaf);
                AllocatedNum idx = AllocatedNum.allocInput(cs, "index", () -> Fr.F.fromLong(index));
                Boolean[] bits = Bits.toBitsLe(cs, "bits", idx, 3 * depth);
                AllocatedNum[] s = new AllocatedNum[7 * depth];
                for (int i = 0; i < s.length; i++) {
                    int at = i;
                    s[i] = AllocatedNum.alloc(cs, "sib" + i, () -> java.util.Arrays.copyOfRange(sib, 4 * at, 4 * at + 4));
                }
                got[0] = OctMerklePath.root(cs, "path", lf, bits, s).value();
            });
            assertArrayEquals(expect, got[0], "position " + pos);
            assertEquals(3 * depth + 1 + depth * OctMerklePath.LEVEL_CONSTRAINTS, r.numConstraints());
        }
    }
}
