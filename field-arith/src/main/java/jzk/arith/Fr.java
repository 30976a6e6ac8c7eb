package jzk.arith;

import java.math.BigInteger;

/**
 * The BLS12-381 scalar field {@code Fr}, r = 0x73eda753…00000001 (255 bits): 4 × 64-bit limbs, little-endian,
 * Montgomery form with {@code R = 2^256}, fully reduced. Arithmetic is {@link #F}; this class adds the 2-adic
 * roots of unity that NTTs need.
 *
 * <p>r − 1 = 2^32 · t with t odd (two-adicity 32). Two families of roots are in use and they differ:
 * {@link RootFamily#GENERATOR_7} (zkcrypto/bellman/blst: ω₃₂ = 7^t, 7 generates Fr*) and
 * {@link RootFamily#SNARKJS_5} (ffjavascript/snarkjs: ω₃₂ = 5^t, 5 the smallest quadratic non-residue). A prover
 * must use the family its proving key was built with (see shared/reference/snarkjs-h-domain.md).
 */
public final class Fr {
    private Fr() {
    }

    /** r, from the BLS12-381 definition (IETF draft-irtf-cfrg-pairing-friendly-curves §4.2.1). */
    public static final BigInteger R = new BigInteger(
            "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);
    public static final int LIMBS = 4;
    public static final int BYTES = 32;
    public static final MontgomeryField F = new MontgomeryField(R, LIMBS);
    public static final int TWO_ADICITY = 32;
    /** t = (r − 1) / 2^32. */
    public static final BigInteger T = R.subtract(BigInteger.ONE).shiftRight(TWO_ADICITY);
    /** The multiplicative generator of Fr* used for cosets in bellman-style provers. */
    public static final int GENERATOR = 7;

    public enum RootFamily {
        /** ω₃₂ = 7^t. */
        GENERATOR_7(7),
        /** ω₃₂ = 5^t (ffjavascript's {@code Fr.w[32]}). */
        SNARKJS_5(5);

        final int base;

        RootFamily(int base) {
            this.base = base;
        }

        /** A primitive 2^k-th root of unity, canonical: {@code ω_k = (base^t)^(2^(32−k))}. */
        public BigInteger root(int k) {
            if (k < 0 || k > TWO_ADICITY) {
                throw new IllegalArgumentException("no 2^" + k + "-th root of unity in Fr (two-adicity is 32)");
            }
            BigInteger w = BigInteger.valueOf(base).modPow(T, R);
            return w.modPow(BigInteger.ONE.shiftLeft(TWO_ADICITY - k), R);
        }
    }

    /** Montgomery-form primitive 2^k-th root of unity of the given family. */
    public static long[] rootOfUnity(int k, RootFamily family) {
        return F.fromBigInteger(family.root(k));
    }
}
