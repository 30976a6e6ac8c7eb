package jzk.arith;

import java.math.BigInteger;

/**
 * A short-Weierstrass curve {@code y² = x³ + b} (a = 0) over a {@link CoordinateField}: the one mechanism behind
 * {@link G1} (over Fp, b = 4) and {@link G2} (over Fp2, b = 4(u+1)).
 *
 * <p>Point layouts (docs/ARCHITECTURE.md), with {@code n = field.limbs()} limbs per coordinate, every coordinate
 * in Montgomery form and fully reduced:
 * <ul>
 *   <li><b>affine</b>: x, y ({@link #affineLongs()} = 2n longs). The point at infinity is all-zero limbs; (0, 0) is
 *       on neither curve since b ≠ 0, so the encoding is unambiguous.</li>
 *   <li><b>Jacobian</b>: X, Y, Z ({@link #jacobianLongs()} = 3n longs) for the affine point (X/Z², Y/Z³);
 *       infinity ⇔ Z = 0 (X and Y are then ignored).</li>
 * </ul>
 * Every method accepts outputs aliasing inputs. Methods never reduce scalars: multiplication by k is integer
 * multiplication, so k = r gives infinity for a subgroup point (see {@link #mul}).
 *
 * <p>Formulas are from the Explicit-Formulas Database (Bernstein–Lange, hyperelliptic.org/EFD,
 * "g1p/auto-shortw-jacobian-0"): doubling "dbl-2009-l", addition "add-2007-bl", mixed addition "madd-2007-bl".
 * The addition formulas are incomplete; the special cases (infinity, P + P, P + (−P)) are detected explicitly.
 */
public final class Curve {
    /** "G1" or "G2", for messages. */
    public final String name;
    public final CoordinateField field;
    /** Limbs per coordinate. */
    public final int n;
    /** The subgroup order r (prime, 255 bits). */
    public final BigInteger order;
    private final long[] b;
    private final long[] generator;
    private final SubgroupTest subgroupTest;

    /** The group's own membership test for an on-curve affine point (G1/G2 use endomorphisms). */
    @FunctionalInterface
    interface SubgroupTest {
        boolean isInSubgroup(long[] a, int ao);
    }

    Curve(String name, CoordinateField field, long[] b, long[] generatorAffine, BigInteger order,
            SubgroupTest subgroupTest) {
        this.subgroupTest = subgroupTest;
        this.name = name;
        this.field = field;
        this.n = field.limbs();
        this.b = b.clone();
        this.generator = generatorAffine.clone();
        this.order = order;
    }

    public int affineLongs() {
        return 2 * n;
    }

    public int jacobianLongs() {
        return 3 * n;
    }

    /** The coefficient b (Montgomery form, a copy). */
    public long[] b() {
        return b.clone();
    }

    /** The fixed generator of the order-r subgroup, affine (a copy). */
    public long[] generatorAffine() {
        return generator.clone();
    }

    // ---------------------------------------------------------------- infinity, conversions

    public boolean isInfinityAffine(long[] a, int ao) {
        long acc = 0;
        for (int i = 0; i < 2 * n; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    public boolean isInfinity(long[] p, int po) {
        return field.isZero(p, po + 2 * n);
    }

    public void setInfinityAffine(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + 2 * n, 0L);
    }

    /** Jacobian infinity, normalised to (1, 1, 0) so that equal points compare equal limb-wise too. */
    public void setInfinity(long[] r, int ro) {
        field.setOne(r, ro);
        field.setOne(r, ro + n);
        field.setZero(r, ro + 2 * n);
    }

    /** Jacobian form of an affine point (Z = 1, or infinity). */
    public void fromAffine(long[] r, int ro, long[] a, int ao) {
        if (isInfinityAffine(a, ao)) {
            setInfinity(r, ro);
            return;
        }
        System.arraycopy(a, ao, r, ro, 2 * n);
        field.setOne(r, ro + 2 * n);
    }

    /** Affine form (x = X/Z², y = Y/Z³) of a Jacobian point; one field inversion. */
    public void toAffine(long[] r, int ro, long[] p, int po) {
        if (isInfinity(p, po)) {
            setInfinityAffine(r, ro);
            return;
        }
        long[] t = new long[2 * n];
        field.inverse(t, 0, p, po + 2 * n);
        field.square(t, n, t, 0); // Z^-2
        field.mul(t, 0, t, 0, t, n); // Z^-3
        field.mul(r, ro, p, po, t, n);
        field.mul(r, ro + n, p, po + n, t, 0);
    }

    /**
     * Affine forms of {@code count} Jacobian points {@code in[inOff..]} into {@code out[outOff..]} with one field
     * inversion (Montgomery's trick, "Speeding the Pollard and elliptic curve methods of factorization", 1987,
     * §10.3.1). Infinity maps to all-zero limbs. {@code out} must not overlap {@code in} unless identical.
     */
    public void batchToAffine(long[] out, int outOff, long[] in, int inOff, int count) {
        int jl = 3 * n;
        // prefix[i] = product of the non-zero Z of points 0..i-1
        long[] prefix = new long[(count + 1) * n];
        field.setOne(prefix, 0);
        for (int i = 0; i < count; i++) {
            int zo = inOff + i * jl + 2 * n;
            if (field.isZero(in, zo)) {
                field.copy(prefix, (i + 1) * n, prefix, i * n);
            } else {
                field.mul(prefix, (i + 1) * n, prefix, i * n, in, zo);
            }
        }
        long[] t = new long[4 * n]; // acc, zInv, zInv², zInv³
        field.inverse(t, 0, prefix, count * n);
        for (int i = count - 1; i >= 0; i--) {
            int po = inOff + i * jl;
            int ro = outOff + i * 2 * n;
            if (field.isZero(in, po + 2 * n)) {
                setInfinityAffine(out, ro);
                continue;
            }
            field.mul(t, n, t, 0, prefix, i * n); // Z_i^-1
            field.mul(t, 0, t, 0, in, po + 2 * n); // drop Z_i from the running inverse
            field.square(t, 2 * n, t, n);
            field.mul(t, 3 * n, t, 2 * n, t, n);
            field.mul(out, ro, in, po, t, 2 * n);
            field.mul(out, ro + n, in, po + n, t, 3 * n);
        }
    }

    // ---------------------------------------------------------------- predicates

    /** {@code y² = x³ + b}, or the point is infinity. */
    public boolean isOnCurveAffine(long[] a, int ao) {
        if (isInfinityAffine(a, ao)) {
            return true;
        }
        long[] t = new long[2 * n];
        field.square(t, 0, a, ao);
        field.mul(t, 0, t, 0, a, ao);
        field.add(t, 0, t, 0, b, 0);
        field.square(t, n, a, ao + n);
        return field.equal(t, 0, t, n);
    }

    /** {@code Y² = X³ + b·Z⁶}, or Z = 0. */
    public boolean isOnCurve(long[] p, int po) {
        if (isInfinity(p, po)) {
            return true;
        }
        long[] t = new long[3 * n];
        field.square(t, 0, p, po + 2 * n); // Z²
        field.mul(t, n, t, 0, p, po + 2 * n); // Z³
        field.square(t, n, t, n); // Z⁶
        field.mul(t, n, t, n, b, 0);
        field.square(t, 0, p, po);
        field.mul(t, 0, t, 0, p, po);
        field.add(t, 0, t, 0, t, n);
        field.square(t, 2 * n, p, po + n);
        return field.equal(t, 0, t, 2 * n);
    }

    /** Equality of the points two Jacobian triples represent: X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³. */
    public boolean equal(long[] p, int po, long[] q, int qo) {
        boolean pi = isInfinity(p, po);
        boolean qi = isInfinity(q, qo);
        if (pi || qi) {
            return pi == qi;
        }
        long[] t = new long[6 * n];
        field.square(t, 0, p, po + 2 * n); // Z1²
        field.square(t, n, q, qo + 2 * n); // Z2²
        field.mul(t, 2 * n, p, po, t, n);
        field.mul(t, 3 * n, q, qo, t, 0);
        if (!field.equal(t, 2 * n, t, 3 * n)) {
            return false;
        }
        field.mul(t, 0, t, 0, p, po + 2 * n); // Z1³
        field.mul(t, n, t, n, q, qo + 2 * n); // Z2³
        field.mul(t, 2 * n, p, po + n, t, n);
        field.mul(t, 3 * n, q, qo + n, t, 0);
        return field.equal(t, 2 * n, t, 3 * n);
    }

    public boolean equalAffine(long[] a, int ao, long[] c, int co) {
        return ArrayRanges.equal(a, ao, c, co, 2 * n);
    }

    // ---------------------------------------------------------------- group law

    public void negAffine(long[] r, int ro, long[] a, int ao) {
        field.copy(r, ro, a, ao);
        field.neg(r, ro + n, a, ao + n);
    }

    public void neg(long[] r, int ro, long[] p, int po) {
        field.copy(r, ro, p, po);
        field.neg(r, ro + n, p, po + n);
        field.copy(r, ro + 2 * n, p, po + 2 * n);
    }

    /** {@code r = 2p}, EFD "dbl-2009-l" (2M + 5S); infinity and points of order 2 give Z3 = 0 by themselves. */
    public void dbl(long[] r, int ro, long[] p, int po) {
        final int n = this.n;
        final CoordinateField f = field;
        long[] t = new long[6 * n + f.scratchLongs()];
        final int sc = 6 * n; // scratch of the field multiplications
        final int a = 0, bb = n, c = 2 * n, d = 3 * n, e = 4 * n, ff = 5 * n;
        f.square(t, a, p, po, t, sc); // A = X1²
        f.square(t, bb, p, po + n, t, sc); // B = Y1²
        f.square(t, c, t, bb, t, sc); // C = B²
        f.add(t, d, p, po, t, bb);
        f.square(t, d, t, d, t, sc);
        f.sub(t, d, t, d, t, a);
        f.sub(t, d, t, d, t, c);
        f.dbl(t, d, t, d); // D = 2((X1+B)² − A − C)
        f.dbl(t, e, t, a);
        f.add(t, e, t, e, t, a); // E = 3A
        f.square(t, ff, t, e, t, sc); // F = E²
        f.mul(r, ro + 2 * n, p, po + n, p, po + 2 * n, t, sc);
        f.dbl(r, ro + 2 * n, r, ro + 2 * n); // Z3 = 2·Y1·Z1 (before X3/Y3 overwrite p when aliased)
        f.sub(r, ro, t, ff, t, d);
        f.sub(r, ro, r, ro, t, d); // X3 = F − 2D
        f.sub(t, d, t, d, r, ro);
        f.mul(t, d, t, d, t, e, t, sc);
        f.dbl(t, c, t, c);
        f.dbl(t, c, t, c);
        f.dbl(t, c, t, c); // 8C
        f.sub(r, ro + n, t, d, t, c); // Y3 = E(D − X3) − 8C
    }

    /**
     * {@code r = p + q} (Jacobian + Jacobian), EFD "add-2007-bl" (11M + 5S). Handles infinity on either side,
     * p = q (falls back to doubling) and p = −q (gives infinity).
     */
    public void add(long[] r, int ro, long[] p, int po, long[] q, int qo) {
        final int n = this.n;
        final CoordinateField f = field;
        if (isInfinity(p, po)) {
            System.arraycopy(q, qo, r, ro, 3 * n);
            return;
        }
        if (isInfinity(q, qo)) {
            System.arraycopy(p, po, r, ro, 3 * n);
            return;
        }
        long[] t = new long[9 * n + f.scratchLongs()];
        final int sc = 9 * n; // scratch of the field multiplications
        final int z1z1 = 0, z2z2 = n, u1 = 2 * n, u2 = 3 * n, s1 = 4 * n, s2 = 5 * n, h = 6 * n, i = 7 * n,
                j = 8 * n;
        f.square(t, z1z1, p, po + 2 * n, t, sc);
        f.square(t, z2z2, q, qo + 2 * n, t, sc);
        f.mul(t, u1, p, po, t, z2z2, t, sc);
        f.mul(t, u2, q, qo, t, z1z1, t, sc);
        f.mul(t, s1, p, po + n, q, qo + 2 * n, t, sc);
        f.mul(t, s1, t, s1, t, z2z2, t, sc); // S1 = Y1·Z2·Z2Z2
        f.mul(t, s2, q, qo + n, p, po + 2 * n, t, sc);
        f.mul(t, s2, t, s2, t, z1z1, t, sc); // S2 = Y2·Z1·Z1Z1
        f.sub(t, h, t, u2, t, u1); // H = U2 − U1
        f.sub(t, s2, t, s2, t, s1);
        f.dbl(t, s2, t, s2); // rr = 2(S2 − S1), kept in s2
        if (f.isZero(t, h)) {
            if (f.isZero(t, s2)) {
                dbl(r, ro, p, po);
            } else {
                setInfinity(r, ro);
            }
            return;
        }
        // Z3 = ((Z1+Z2)² − Z1Z1 − Z2Z2)·H, computed first while p and q are intact
        f.add(t, u2, p, po + 2 * n, q, qo + 2 * n);
        f.square(t, u2, t, u2, t, sc);
        f.sub(t, u2, t, u2, t, z1z1);
        f.sub(t, u2, t, u2, t, z2z2);
        f.mul(r, ro + 2 * n, t, u2, t, h, t, sc);
        f.dbl(t, i, t, h);
        f.square(t, i, t, i, t, sc); // I = (2H)²
        f.mul(t, j, t, h, t, i, t, sc); // J = H·I
        f.mul(t, u1, t, u1, t, i, t, sc); // V = U1·I (kept in u1)
        f.square(r, ro, t, s2, t, sc);
        f.sub(r, ro, r, ro, t, j);
        f.sub(r, ro, r, ro, t, u1);
        f.sub(r, ro, r, ro, t, u1); // X3 = rr² − J − 2V
        f.sub(t, u1, t, u1, r, ro);
        f.mul(t, u1, t, u1, t, s2, t, sc);
        f.mul(t, s1, t, s1, t, j, t, sc);
        f.dbl(t, s1, t, s1);
        f.sub(r, ro + n, t, u1, t, s1); // Y3 = rr(V − X3) − 2·S1·J
    }

    /**
     * {@code r = p + q} with q affine (Z2 = 1), EFD "madd-2007-bl" (7M + 4S). Handles infinity on either side,
     * p = q and p = −q like {@link #add}.
     */
    public void addMixed(long[] r, int ro, long[] p, int po, long[] q, int qo) {
        final int n = this.n;
        final CoordinateField f = field;
        if (isInfinityAffine(q, qo)) {
            System.arraycopy(p, po, r, ro, 3 * n);
            return;
        }
        if (isInfinity(p, po)) {
            fromAffine(r, ro, q, qo);
            return;
        }
        long[] t = new long[7 * n + f.scratchLongs()];
        final int sc = 7 * n; // scratch of the field multiplications
        final int z1z1 = 0, u2 = n, s2 = 2 * n, h = 3 * n, hh = 4 * n, i = 5 * n, j = 6 * n;
        f.square(t, z1z1, p, po + 2 * n, t, sc);
        f.mul(t, u2, q, qo, t, z1z1, t, sc); // U2 = X2·Z1Z1
        f.mul(t, s2, q, qo + n, p, po + 2 * n, t, sc);
        f.mul(t, s2, t, s2, t, z1z1, t, sc); // S2 = Y2·Z1·Z1Z1
        f.sub(t, h, t, u2, p, po); // H = U2 − X1
        f.sub(t, s2, t, s2, p, po + n);
        f.dbl(t, s2, t, s2); // rr = 2(S2 − Y1), kept in s2
        if (f.isZero(t, h)) {
            if (f.isZero(t, s2)) {
                dbl(r, ro, p, po);
            } else {
                setInfinity(r, ro);
            }
            return;
        }
        f.square(t, hh, t, h, t, sc); // HH = H²
        f.dbl(t, i, t, hh);
        f.dbl(t, i, t, i); // I = 4·HH
        f.mul(t, j, t, h, t, i, t, sc); // J = H·I
        f.mul(t, u2, p, po, t, i, t, sc); // V = X1·I (kept in u2)
        f.mul(t, i, p, po + n, t, j, t, sc); // Y1·J, kept in i (I is no longer needed)
        // Z3 = (Z1 + H)² − Z1Z1 − HH, before X3 overwrites p when aliased
        f.add(r, ro + 2 * n, p, po + 2 * n, t, h);
        f.square(r, ro + 2 * n, r, ro + 2 * n, t, sc);
        f.sub(r, ro + 2 * n, r, ro + 2 * n, t, z1z1);
        f.sub(r, ro + 2 * n, r, ro + 2 * n, t, hh);
        f.square(r, ro, t, s2, t, sc);
        f.sub(r, ro, r, ro, t, j);
        f.sub(r, ro, r, ro, t, u2);
        f.sub(r, ro, r, ro, t, u2); // X3 = rr² − J − 2V
        f.sub(t, u2, t, u2, r, ro);
        f.mul(t, u2, t, u2, t, s2, t, sc);
        f.dbl(t, i, t, i);
        f.sub(r, ro + n, t, u2, t, i); // Y3 = rr(V − X3) − 2·Y1·J
    }

    // ---------------------------------------------------------------- scalar multiplication

    /** Window width of {@link #mul}: 16-entry table, 64 additions and 252 doublings for a 255-bit scalar. */
    private static final int WINDOW = 4;

    /**
     * {@code r = [k]p} (Jacobian result, affine input) for a non-negative integer scalar given as {@code kLimbs}
     * little-endian 64-bit limbs (e.g. an Fr element in canonical form). Fixed 4-bit windows from the top
     * (left-to-right k-ary method, Handbook of Applied Cryptography Alg. 14.82). Not constant time.
     * Scalars are not reduced mod r: {@code [r]p} is infinity for p in the subgroup.
     */
    public void mul(long[] r, int ro, long[] p, int po, long[] k, int ko, int kLimbs) {
        final int jl = 3 * n;
        long[] table = new long[(1 << WINDOW) * jl];
        setInfinity(table, 0);
        fromAffine(table, jl, p, po);
        for (int i = 2; i < (1 << WINDOW); i++) {
            addMixed(table, i * jl, table, (i - 1) * jl, p, po);
        }
        long[] acc = new long[jl];
        setInfinity(acc, 0);
        for (int w = kLimbs * 64 / WINDOW - 1; w >= 0; w--) {
            if (!isInfinity(acc, 0)) {
                for (int d = 0; d < WINDOW; d++) {
                    dbl(acc, 0, acc, 0);
                }
            }
            int bit = w * WINDOW;
            int digit = (int) (k[ko + (bit >>> 6)] >>> (bit & 63)) & ((1 << WINDOW) - 1);
            if (digit != 0) {
                add(acc, 0, acc, 0, table, digit * jl);
            }
        }
        System.arraycopy(acc, 0, r, ro, jl);
    }

    /** {@code r = [k]p} for any integer k (negative k multiplies −p); Jacobian result, affine input. */
    public void mul(long[] r, int ro, long[] p, int po, BigInteger k) {
        long[] base = new long[2 * n];
        if (k.signum() < 0) {
            negAffine(base, 0, p, po);
            k = k.negate();
        } else {
            System.arraycopy(p, po, base, 0, 2 * n);
        }
        int limbs = Math.max(1, (k.bitLength() + 63) / 64);
        mul(r, ro, base, 0, Limbs.fromBigInteger(k, limbs), 0, limbs);
    }

    /**
     * {@code r = [k]p} for an unsigned 64-bit {@code k} and a Jacobian {@code p}: binary double-and-add from the top
     * bit, so the cost is 63 doublings plus one addition per set bit — cheap for sparse k such as the BLS parameter
     * |z| = 0xd201000000010000 (6 set bits), which the subgroup checks multiply by.
     */
    public void mulByUnsignedLong(long[] r, int ro, long[] p, int po, long k) {
        final int jl = 3 * n;
        long[] base = new long[jl];
        System.arraycopy(p, po, base, 0, jl);
        long[] acc = new long[jl];
        setInfinity(acc, 0);
        for (int i = 63 - Long.numberOfLeadingZeros(k); i >= 0; i--) {
            dbl(acc, 0, acc, 0);
            if (((k >>> i) & 1) != 0) {
                add(acc, 0, acc, 0, base, 0);
            }
        }
        System.arraycopy(acc, 0, r, ro, jl);
    }

    /** {@code [k]p} for a Jacobian input (converted to affine first: one inversion). */
    public void mulJacobian(long[] r, int ro, long[] p, int po, BigInteger k) {
        long[] a = new long[2 * n];
        toAffine(a, 0, p, po);
        mul(r, ro, a, 0, k);
    }

    /**
     * Subgroup membership by definition: {@code [r]p = O}. Costs one 255-bit scalar multiplication;
     * {@link G1#isInSubgroup} and {@link G2#isInSubgroup} are the group-specific entry points.
     */
    public boolean isTorsionFreeByOrder(long[] a, int ao) {
        long[] t = new long[3 * n];
        mul(t, 0, a, ao, order);
        return isInfinity(t, 0);
    }

    /** Subgroup membership of an on-curve affine point by the group's fast test ({@link G1#isInSubgroup} etc.). */
    public boolean isInSubgroup(long[] a, int ao) {
        return subgroupTest.isInSubgroup(a, ao);
    }

    /**
     * Validates {@code count} affine points at {@code pts[off..]} in parallel (common ForkJoin pool): each must be
     * on the curve and, when {@code checkSubgroup}, in the order-r subgroup (infinity passes both). Returns the
     * smallest index of an invalid point, or −1 when all are valid. Meant for points read from parameter files.
     */
    public int firstInvalidAffine(long[] pts, int off, int count, boolean checkSubgroup) {
        final int al = 2 * n;
        return java.util.stream.IntStream.range(0, count).parallel()
                .filter(i -> !isOnCurveAffine(pts, off + i * al)
                        || (checkSubgroup && !subgroupTest.isInSubgroup(pts, off + i * al)))
                .min().orElse(-1);
    }
}
