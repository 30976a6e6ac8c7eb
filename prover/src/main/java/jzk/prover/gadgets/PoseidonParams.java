package jzk.prover.gadgets;

import java.math.BigInteger;
import jzk.arith.Fr;

/**
 * Poseidon parameters over the BLS12-381 scalar field, generated as the Poseidon paper specifies (Grassi,
 * Khovratovich, Rechberger, Roy, Schofnegger, "Poseidon: A New Hash Function for Zero-Knowledge Proof Systems",
 * USENIX Security 2021, its appendix on generating round constants and matrices; reference script
 * {@code generate_parameters_grain.sage} of the authors' hadeshash repository): round constants from the Grain
 * LFSR in self-shrinking mode, then the MDS matrix as the Cauchy matrix {@code M[i][j] = 1/(x_i + y_j)} whose {@code x_0..x_{t-1}, y_0..y_{t-1}} are the next 2t
 * Grain field elements.
 *
 * <p>Invariants: {@link #roundConstants} holds {@code (R_F + R_P)·t} elements, round {@code r}'s constant for cell
 * {@code i} at element index {@code r·t + i}; {@link #mds} holds {@code t²} elements row-major; everything is Fr
 * Montgomery, 4 limbs per element. The instance {@link #X5_255_3} (t = 3, α = 5, R_F = 8, R_P = 57) is the
 * authors' 128-bit instance for a 255-bit field: the parameter line of the reference script for it reads
 * {@code generate_parameters_grain.sage 1 0 255 3 8 57 0x73ed…0001} (round numbers from the paper's security
 * analysis, §4, as computed by the authors' {@code calc_round_numbers.py}). The reference script also runs the
 * "secure MDS" algorithms 1–3 and redraws on failure; this class takes the first Cauchy matrix, and the
 * published test vector (see PoseidonTest) confirms it is the one the authors' instance uses.
 */
public final class PoseidonParams {
    /** The paper's t = 3, x^5, 255-bit, 128-bit-security instance: R_F = 8, R_P = 57. */
    public static final PoseidonParams X5_255_3 = new PoseidonParams(3, 8, 57);

    /**
     * Arity 8 (t = 9), the node hash of the StackedDRG trees C and R: R_F = 8, R_P = 57. Round numbers: the
     * paper's security inequalities (§5.5: statistical, interpolation and two Gröbner-basis bounds) with its
     * margin (R_F + 2, R_P × 1.075 rounded up), minimising the S-box count t·R_F + R_P, as neptune (Filecoin's
     * Poseidon, {@code round_numbers.rs}, a port of the authors' {@code calc_round_numbers.py}) computes and uses
     * for arities 7 to 14. Constants and matrix from the same Grain stream as {@link #X5_255_3}, seeded with t = 9.
     */
    public static final PoseidonParams X5_255_9 = new PoseidonParams(9, 8, 57);

    /** Arity 11 (t = 12), the column hash of 11 StackedDRG layers: R_F = 8, R_P = 57 (same source as t = 9). */
    public static final PoseidonParams X5_255_12 = new PoseidonParams(12, 8, 57);

    private static final java.util.concurrent.ConcurrentHashMap<Integer, PoseidonParams> BY_ARITY =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The instance hashing {@code arity} inputs (1..16): the named instances for arities 2, 8 and 11; others (column
     * hashes of fewer layers) with R_F = 8 and neptune's R_P for t = arity + 1 (t = 2: 55, 4–7: 56, 8–15: 57,
     * 16–17: 59; same source as {@link #X5_255_9}), generated once.
     */
    public static PoseidonParams forArity(int arity) {
        return switch (arity) {
            case 2 -> X5_255_3;
            case 8 -> X5_255_9;
            case 11 -> X5_255_12;
            default -> {
                if (arity < 1 || arity > 16) {
                    throw new IllegalArgumentException("Poseidon arity must be in 1..16, got " + arity);
                }
                int t = arity + 1;
                int rp = t <= 3 ? 55 : t <= 7 ? 56 : t <= 15 ? 57 : 59;
                yield BY_ARITY.computeIfAbsent(arity, a -> new PoseidonParams(t, 8, rp));
            }
        };
    }

    /** Inputs absorbed by one hash: {@code t − 1} (cell 0 is the capacity). */
    public int arity() {
        return t - 1;
    }

    public final int t;
    public final int fullRounds;
    public final int partialRounds;
    public final long[] roundConstants;
    public final long[] mds;

    public PoseidonParams(int t, int fullRounds, int partialRounds) {
        if (fullRounds % 2 != 0) {
            throw new IllegalArgumentException("R_F must be even, got " + fullRounds);
        }
        this.t = t;
        this.fullRounds = fullRounds;
        this.partialRounds = partialRounds;
        int n = Fr.R.bitLength(); // 255: the field size in bits that the generator is seeded with
        Grain grain = new Grain(1, 0, n, t, fullRounds, partialRounds);
        int count = (fullRounds + partialRounds) * t;
        roundConstants = new long[count * Fr.LIMBS];
        for (int i = 0; i < count; i++) {
            Fr.F.fromBigInteger(roundConstants, i * Fr.LIMBS, grain.nextFieldElement(n, Fr.R));
        }
        mds = cauchy(grain, n, t);
    }

    public int rounds() {
        return fullRounds + partialRounds;
    }

    /**
     * The Cauchy matrix of {@code create_mds_p}: 2t Grain outputs reduced mod r (not rejection-sampled, as the
     * script wraps them in {@code F(...)}); redrawn when they are not distinct or some {@code x_i + y_j = 0}.
     */
    private static long[] cauchy(Grain grain, int n, int t) {
        while (true) {
            BigInteger[] v = new BigInteger[2 * t];
            boolean distinct;
            do {
                for (int i = 0; i < 2 * t; i++) {
                    v[i] = grain.nextBits(n).mod(Fr.R);
                }
                distinct = java.util.Arrays.stream(v).distinct().count() == 2 * t;
            } while (!distinct);
            long[] m = new long[t * t * Fr.LIMBS];
            boolean ok = true;
            for (int i = 0; i < t && ok; i++) {
                for (int j = 0; j < t; j++) {
                    BigInteger s = v[i].add(v[t + j]).mod(Fr.R);
                    if (s.signum() == 0) {
                        ok = false;
                        break;
                    }
                    Fr.F.fromBigInteger(m, (i * t + j) * Fr.LIMBS, s.modInverse(Fr.R));
                }
            }
            if (ok) {
                return m;
            }
        }
    }

    /**
     * The 80-bit Grain LFSR of the paper's parameter-generation appendix: state initialised with field (2 bits),
     * S-box (4), n (12), t (12), R_F (10), R_P (10) and thirty ones, most significant bit first; feedback
     * {@code b_{i+80} = b_{i+62} ⊕ b_{i+51} ⊕ b_{i+38} ⊕ b_{i+23} ⊕ b_{i+13} ⊕ b_i}; the first 160 outputs are
     * discarded; then in self-shrinking mode bits come in pairs and the second is output only when the first is 1.
     */
    static final class Grain {
        private final boolean[] state = new boolean[80];
        private int head; // index of b_i in the circular buffer

        Grain(int field, int sbox, int n, int t, int rf, int rp) {
            int pos = 0;
            pos = put(field, 2, pos);
            pos = put(sbox, 4, pos);
            pos = put(n, 12, pos);
            pos = put(t, 12, pos);
            pos = put(rf, 10, pos);
            pos = put(rp, 10, pos);
            for (int i = 0; i < 30; i++) {
                state[pos++] = true;
            }
            for (int i = 0; i < 160; i++) {
                clock();
            }
        }

        private int put(int value, int bits, int pos) {
            for (int i = bits - 1; i >= 0; i--) {
                state[pos++] = ((value >>> i) & 1) != 0;
            }
            return pos;
        }

        private boolean at(int k) {
            return state[(head + k) % 80];
        }

        private boolean clock() {
            boolean b = at(62) ^ at(51) ^ at(38) ^ at(23) ^ at(13) ^ at(0);
            state[head] = b; // b_i leaves, b_{i+80} takes its slot
            head = (head + 1) % 80;
            return b;
        }

        boolean nextBit() {
            boolean first = clock();
            while (!first) {
                clock();
                first = clock();
            }
            return clock();
        }

        /** {@code n} output bits as an integer, first bit most significant. */
        BigInteger nextBits(int n) {
            BigInteger x = BigInteger.ZERO;
            for (int i = 0; i < n; i++) {
                x = x.shiftLeft(1);
                if (nextBit()) {
                    x = x.setBit(0);
                }
            }
            return x;
        }

        /** Rejection sampling below {@code p}, as the script does for round constants. */
        BigInteger nextFieldElement(int n, BigInteger p) {
            BigInteger x;
            do {
                x = nextBits(n);
            } while (x.compareTo(p) >= 0);
            return x;
        }
    }
}
