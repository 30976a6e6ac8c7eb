package jzk.tornado.bls.kernels;

/**
 * Montgomery arithmetic on 32-bit limbs, one implementation for both BLS12-381 fields: the scalar field Fr
 * (8 limbs, {@code R = 2^256}) and the base field Fp (12 limbs, {@code R = 2^384}). The field is chosen by the
 * {@code f} argument ({@link #FR} or {@link #FP}); its modulus and Montgomery constant come from one constants
 * table indexed by {@code f}, so there is no second hand-copied field.
 *
 * <p>Invariants: an element is {@code limbs(f)} consecutive {@code int}s of an {@code int[]} starting at an
 * offset, limb 0 least significant, each limb an unsigned 32-bit word; the value is in Montgomery form
 * ({@code a·R mod m}) and fully reduced ({@code 0 <= value < m}). Because {@code R} is the same power of two as
 * with the project's 64-bit limbs, converting to the host layout is only a split of each 64-bit limb.
 * Outputs may alias inputs.
 *
 * <p>All methods obey the kernel subset of {@code docs/ARCHITECTURE.md}: primitives, arrays with offsets and
 * fixed-size private arrays only. Products are written {@code (a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL)}, which the
 * JIT lowers to {@code mul.wide.u32}. Loops run over {@code limbs(f)}, a constant after inlining.
 */
public final class Mont32 {
    private Mont32() {
    }

    /** Field selector: the scalar field Fr, r = 0x73eda753…00000001 (255 bits). */
    public static final int FR = 0;
    /** Field selector: the base field Fp, p = 0x1a0111ea…ffffaaab (381 bits). */
    public static final int FP = 1;
    /** Limbs of the widest field (Fp); private temporaries are sized for it. */
    public static final int MAX_LIMBS = 12;
    private static final long M32 = 0xFFFFFFFFL;

    /**
     * Moduli, {@link #MAX_LIMBS} ints per field, little-endian 32-bit limbs; Fr padded with zeros.
     * r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001,
     * p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
     * (the BLS12-381 parameters, IETF draft-irtf-cfrg-pairing-friendly-curves §4.2.1).
     */
    public static final int[] MODULUS = {
        0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402, 0x09a1d805, 0x3339d808, 0x299d7d48, 0x73eda753,
        0, 0, 0, 0,
        0xffffaaab, 0xb9feffff, 0xb153ffff, 0x1eabfffe, 0xf6b0f624, 0x6730d2a0, 0xf38512bf, 0x64774b84,
        0x434bacd7, 0x4b1ba7b6, 0x397fe69a, 0x1a0111ea};

    /** {@code -m^-1 mod 2^32} per field (the CIOS reduction factor). */
    public static final int[] NEG_INV = {0xffffffff, 0xfffcfffd};

    /** {@code R mod m} per field (Montgomery form of 1), 12 ints per field. */
    public static final int[] ONE = {
        0xfffffffe, 0x00000001, 0x00034802, 0x5884b7fa, 0xecbc4ff5, 0x998c4fef, 0xacc5056f, 0x1824b159,
        0, 0, 0, 0,
        0x0002fffd, 0x76090000, 0xc40c0002, 0xebf4000b, 0x53c758ba, 0x5f489857, 0x70525745, 0x77ce5853,
        0xa256ec6d, 0x5c071a97, 0xfa80e493, 0x15f65ec3};

    /** Number of 32-bit limbs of field {@code f}. */
    public static int limbs(int f) {
        return f == FR ? 8 : 12;
    }

    /** r = 0 (any field). */
    public static void setZero(int f, int[] r, int ro) {
        int n = limbs(f);
        for (int i = 0; i < n; i++) {
            r[ro + i] = 0;
        }
    }

    /** r = 1 in Montgomery form. */
    public static void setOne(int f, int[] r, int ro) {
        int n = limbs(f);
        for (int i = 0; i < n; i++) {
            r[ro + i] = ONE[f * MAX_LIMBS + i];
        }
    }

    public static void copy(int f, int[] r, int ro, int[] a, int ao) {
        int n = limbs(f);
        for (int i = 0; i < n; i++) {
            r[ro + i] = a[ao + i];
        }
    }

    public static boolean isZero(int f, int[] a, int ao) {
        int n = limbs(f);
        int acc = 0;
        for (int i = 0; i < n; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    public static boolean equal(int f, int[] a, int ao, int[] b, int bo) {
        int n = limbs(f);
        int acc = 0;
        for (int i = 0; i < n; i++) {
            acc |= a[ao + i] ^ b[bo + i];
        }
        return acc == 0;
    }

    /**
     * r = a + b mod m. Inputs reduced, so the sum is below 2m and one conditional subtraction suffices. Written
     * in place (no private temporary): limb i of r is written after limb i of a and b is read, so r may alias a
     * or b at the same offset.
     */
    public static void add(int f, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        int n = limbs(f);
        long carry = 0;
        for (int i = 0; i < n; i++) {
            long t = (a[ao + i] & M32) + (b[bo + i] & M32) + carry;
            r[ro + i] = (int) t;
            carry = t >>> 32;
        }
        subtractModulusIfNeeded(f, r, ro, (int) carry);
    }

    /** r = 2a mod m. */
    public static void dbl(int f, int[] r, int ro, int[] a, int ao) {
        add(f, r, ro, a, ao, a, ao);
    }

    /** r = a - b mod m: subtract in place, and add m back when it borrowed. */
    public static void sub(int f, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        int n = limbs(f);
        long borrow = 0;
        for (int i = 0; i < n; i++) {
            long t = (a[ao + i] & M32) - (b[bo + i] & M32) - borrow;
            r[ro + i] = (int) t;
            borrow = t >>> 63;
        }
        long mask = -borrow & M32; // all ones when the difference went negative
        long carry = 0;
        for (int i = 0; i < n; i++) {
            long t = (r[ro + i] & M32) + (MODULUS[f * MAX_LIMBS + i] & mask) + carry;
            r[ro + i] = (int) t;
            carry = t >>> 32;
        }
    }

    /** r = -a mod m (0 stays 0). */
    public static void neg(int f, int[] r, int ro, int[] a, int ao) {
        int n = limbs(f);
        boolean zero = isZero(f, a, ao);
        long borrow = 0;
        for (int i = 0; i < n; i++) {
            long t = (MODULUS[f * MAX_LIMBS + i] & M32) - (a[ao + i] & M32) - borrow;
            r[ro + i] = zero ? 0 : (int) t;
            borrow = t >>> 63;
        }
    }

    /**
     * r = a·b·R^-1 mod m by CIOS (Koç, Acar, Kaliski, "Analyzing and Comparing Montgomery Multiplication
     * Algorithms", IEEE Micro 1996, §4 "Coarsely Integrated Operand Scanning"). Each step's sum
     * {@code t + a·b + carry} is at most {@code (2^32-1) + (2^32-1)^2 + (2^32-1) = 2^64 - 1}, so it fits an
     * unsigned 64-bit word; carries are taken with {@code >>> 32}.
     */
    public static void mul(int f, int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        int n = limbs(f);
        int mo = f * MAX_LIMBS;
        int inv = NEG_INV[f];
        int[] t = new int[MAX_LIMBS + 2];
        for (int i = 0; i < n; i++) {
            int bi = b[bo + i];
            long c = 0;
            for (int j = 0; j < n; j++) {
                long s = (t[j] & M32) + (a[ao + j] & M32) * (bi & M32) + c;
                t[j] = (int) s;
                c = s >>> 32;
            }
            long s = (t[n] & M32) + c;
            t[n] = (int) s;
            t[n + 1] = (int) (s >>> 32);
            int m = t[0] * inv;
            s = (t[0] & M32) + (m & M32) * (MODULUS[mo] & M32);
            c = s >>> 32;
            for (int j = 1; j < n; j++) {
                s = (t[j] & M32) + (m & M32) * (MODULUS[mo + j] & M32) + c;
                t[j - 1] = (int) s;
                c = s >>> 32;
            }
            s = (t[n] & M32) + c;
            t[n - 1] = (int) s;
            t[n] = t[n + 1] + (int) (s >>> 32);
        }
        // t < 2m: copy out, then one conditional subtraction
        for (int i = 0; i < n; i++) {
            r[ro + i] = t[i];
        }
        subtractModulusIfNeeded(f, r, ro, t[n]);
    }

    /** r = a² (Montgomery). */
    public static void sqr(int f, int[] r, int ro, int[] a, int ao) {
        mul(f, r, ro, a, ao, a, ao);
    }

    /**
     * r = r − m if the (n+1)-limb value {@code (high, r)} is at least m, else r unchanged. Precondition: the value
     * is below 2m, so the result is reduced. First pass computes the borrow of r − m without storing, the second
     * subtracts m masked by the decision, so no private temporary is needed.
     */
    private static void subtractModulusIfNeeded(int f, int[] r, int ro, int high) {
        int n = limbs(f);
        int mo = f * MAX_LIMBS;
        long borrow = 0;
        for (int i = 0; i < n; i++) {
            long t = (r[ro + i] & M32) - (MODULUS[mo + i] & M32) - borrow;
            borrow = t >>> 63;
        }
        // value >= m  <=>  the high word absorbs the borrow
        long mask = (high != 0 || borrow == 0) ? M32 : 0;
        borrow = 0;
        for (int i = 0; i < n; i++) {
            long t = (r[ro + i] & M32) - (MODULUS[mo + i] & mask) - borrow;
            r[ro + i] = (int) t;
            borrow = t >>> 63;
        }
    }
}
