package jzk.tornado.bls;

import java.math.BigInteger;
import java.util.Random;
import jzk.tornado.bls.kernels.Mont32;

/**
 * BigInteger reference for the kernel tests: BLS12-381 Fr, Fp, Fp2 and affine G1/G2 arithmetic written from
 * the textbook formulas, independent of the kernel code. Field elements of the curve field are
 * {@code BigInteger[d]} (d = 1: Fp, d = 2: Fp2 = c0 + c1·u, u² = −1); an affine point is {@code BigInteger[2][d]}
 * and {@code null} is the point at infinity.
 *
 * <p>Parameters and generators from draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 (BLS12_381), also
 * zkcrypto/bls12_381 src/g1.rs, src/g2.rs; the tests check the generators are on the curve and have order r.
 */
final class Oracle {
    private Oracle() {
    }

    static final BigInteger P = new BigInteger(
            "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);
    static final BigInteger R = new BigInteger(
            "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

    static final BigInteger[][] G1 = {
        {new BigInteger("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb", 16)},
        {new BigInteger("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1", 16)}};
    static final BigInteger[][] G2 = {
        {new BigInteger("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8", 16),
         new BigInteger("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e", 16)},
        {new BigInteger("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801", 16),
         new BigInteger("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be", 16)}};

    static BigInteger modulus(int f) {
        return f == Mont32.FR ? R : P;
    }

    static int limbs(int f) {
        return f == Mont32.FR ? 8 : 12;
    }

    // ---- 32-bit Montgomery limbs ----

    static void putMont(int f, BigInteger x, int[] dst, int off) {
        int n = limbs(f);
        BigInteger m = x.shiftLeft(32 * n).mod(modulus(f));
        putRaw(m, n, dst, off);
    }

    static void putRaw(BigInteger v, int n, int[] dst, int off) {
        for (int i = 0; i < n; i++) {
            dst[off + i] = v.shiftRight(32 * i).intValue();
        }
    }

    static BigInteger getRaw(int n, int[] src, int off) {
        BigInteger v = BigInteger.ZERO;
        for (int i = n - 1; i >= 0; i--) {
            v = v.shiftLeft(32).or(BigInteger.valueOf(src[off + i] & 0xFFFFFFFFL));
        }
        return v;
    }

    static BigInteger getMont(int f, int[] src, int off) {
        int n = limbs(f);
        BigInteger rInv = BigInteger.ONE.shiftLeft(32 * n).modInverse(modulus(f));
        return getRaw(n, src, off).multiply(rInv).mod(modulus(f));
    }

    static BigInteger random(Random rnd, BigInteger m) {
        BigInteger x;
        do {
            x = new BigInteger(m.bitLength(), rnd);
        } while (x.compareTo(m) >= 0);
        return x;
    }

    // ---- curve field, degree d ----

    static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].add(b[i]).mod(P);
        }
        return r;
    }

    static BigInteger[] sub(BigInteger[] a, BigInteger[] b) {
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i].subtract(b[i]).mod(P);
        }
        return r;
    }

    static BigInteger[] mul(BigInteger[] a, BigInteger[] b) {
        if (a.length == 1) {
            return new BigInteger[] {a[0].multiply(b[0]).mod(P)};
        }
        return new BigInteger[] {
            a[0].multiply(b[0]).subtract(a[1].multiply(b[1])).mod(P),
            a[0].multiply(b[1]).add(a[1].multiply(b[0])).mod(P)};
    }

    static BigInteger[] inv(BigInteger[] a) {
        if (a.length == 1) {
            return new BigInteger[] {a[0].modInverse(P)};
        }
        BigInteger norm = a[0].multiply(a[0]).add(a[1].multiply(a[1])).mod(P).modInverse(P);
        return new BigInteger[] {a[0].multiply(norm).mod(P), a[1].negate().multiply(norm).mod(P)};
    }

    static BigInteger[] small(int d, long v) {
        BigInteger[] r = new BigInteger[d];
        r[0] = BigInteger.valueOf(v);
        for (int i = 1; i < d; i++) {
            r[i] = BigInteger.ZERO;
        }
        return r;
    }

    static boolean isZero(BigInteger[] a) {
        for (BigInteger x : a) {
            if (x.signum() != 0) {
                return false;
            }
        }
        return true;
    }

    static boolean equal(BigInteger[] a, BigInteger[] b) {
        return isZero(sub(a, b));
    }

    /** b of y² = x³ + b: 4 on G1, 4(u + 1) on G2. */
    static BigInteger[] curveB(int d) {
        return d == 1 ? small(1, 4) : new BigInteger[] {BigInteger.valueOf(4), BigInteger.valueOf(4)};
    }

    static boolean onCurve(BigInteger[][] p, int d) {
        if (p == null) {
            return true;
        }
        BigInteger[] lhs = mul(p[1], p[1]);
        BigInteger[] rhs = add(mul(mul(p[0], p[0]), p[0]), curveB(d));
        return equal(lhs, rhs);
    }

    // ---- affine group law (chord and tangent) ----

    static BigInteger[][] neg(BigInteger[][] p) {
        return p == null ? null : new BigInteger[][] {p[0], sub(small(p[0].length, 0), p[1])};
    }

    static BigInteger[][] addPoints(BigInteger[][] p, BigInteger[][] q) {
        if (p == null) {
            return q;
        }
        if (q == null) {
            return p;
        }
        int d = p[0].length;
        BigInteger[] lambda;
        if (equal(p[0], q[0])) {
            if (!equal(p[1], q[1])) {
                return null;
            }
            BigInteger[] x2 = mul(p[0], p[0]);
            lambda = mul(add(add(x2, x2), x2), inv(add(p[1], p[1])));
        } else {
            lambda = mul(sub(q[1], p[1]), inv(sub(q[0], p[0])));
        }
        BigInteger[] x3 = sub(sub(mul(lambda, lambda), p[0]), q[0]);
        BigInteger[] y3 = sub(mul(lambda, sub(p[0], x3)), p[1]);
        assert d == x3.length;
        return new BigInteger[][] {x3, y3};
    }

    static BigInteger[][] scalarMul(BigInteger[][] p, BigInteger k) {
        BigInteger[][] acc = null;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            acc = addPoints(acc, acc);
            if (k.testBit(i)) {
                acc = addPoints(acc, p);
            }
        }
        return acc;
    }

    static BigInteger[][] generator(int d) {
        return d == 1 ? G1 : G2;
    }

    // ---- points to and from 32-bit kernel layout ----

    /** Writes an affine point (x, y), each of d Fp limbs-blocks, Montgomery; infinity = zeros. */
    static void putAffine(BigInteger[][] p, int d, int[] dst, int off) {
        for (int c = 0; c < 2; c++) {
            for (int i = 0; i < d; i++) {
                int o = off + (c * d + i) * 12;
                if (p == null) {
                    putRaw(BigInteger.ZERO, 12, dst, o);
                } else {
                    putMont(Mont32.FP, p[c][i], dst, o);
                }
            }
        }
    }

    static BigInteger[] getField(int d, int[] src, int off) {
        BigInteger[] r = new BigInteger[d];
        for (int i = 0; i < d; i++) {
            r[i] = getMont(Mont32.FP, src, off + 12 * i);
        }
        return r;
    }

    /** Reads an XYZZ point and returns its affine form (null for ZZ = 0). */
    static BigInteger[][] getXyzz(int d, int[] src, int off) {
        int s = 12 * d;
        BigInteger[] zz = getField(d, src, off + 2 * s);
        if (isZero(zz)) {
            return null;
        }
        BigInteger[] zzz = getField(d, src, off + 3 * s);
        BigInteger[] x = mul(getField(d, src, off), inv(zz));
        BigInteger[] y = mul(getField(d, src, off + s), inv(zzz));
        return new BigInteger[][] {x, y};
    }

    static void putXyzz(BigInteger[][] p, int d, int[] dst, int off) {
        int s = 12 * d;
        if (p == null) {
            for (int i = 0; i < 4 * s; i++) {
                dst[off + i] = 0;
            }
            return;
        }
        // a random representative: Z arbitrary, ZZ = Z², ZZZ = Z³
        BigInteger[] z = small(d, 7);
        if (d == 2) {
            z[1] = BigInteger.valueOf(3);
        }
        BigInteger[] zz = mul(z, z);
        BigInteger[] zzz = mul(zz, z);
        BigInteger[][] coords = {mul(p[0], zz), mul(p[1], zzz), zz, zzz};
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < d; i++) {
                putMont(Mont32.FP, coords[c][i], dst, off + c * s + 12 * i);
            }
        }
    }

    static boolean samePoint(BigInteger[][] a, BigInteger[][] b) {
        if (a == null || b == null) {
            return a == b;
        }
        return equal(a[0], b[0]) && equal(a[1], b[1]);
    }

    static String show(BigInteger[][] p) {
        if (p == null) {
            return "infinity";
        }
        StringBuilder sb = new StringBuilder("(");
        for (BigInteger[] c : p) {
            for (BigInteger x : c) {
                sb.append(x.toString(16)).append(' ');
            }
        }
        return sb.append(')').toString();
    }
}
