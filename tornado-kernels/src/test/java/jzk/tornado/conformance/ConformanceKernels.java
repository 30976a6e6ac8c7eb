package jzk.tornado.conformance;

import jzk.tornado.api.Atomics;
import jzk.tornado.api.KernelContext;
import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * Small kernels that each pin down a group of constructs and Java-semantics corners the JIT must keep
 * (see {@code tornado-kernels/JIT.md}). Every work-item {@code i = ctx.globalIdx} reads its own inputs and
 * writes its own outputs, so a run on any device can be compared bit for bit with the JVM run. The list of
 * cases with sizes and inputs is {@link ConformanceCases#CASES}.
 *
 * <p>Divisions guard {@code b == 0} in the Java source because Java throws there (the device result for a zero
 * divisor is 0, see JIT.md, but it cannot be compared with the JVM); MIN / -1 is not guarded: Java defines it.
 */
public final class ConformanceKernels {
    private ConformanceKernels() {
    }

    static final long MASK32 = 0xFFFF_FFFFL;
    static final long[] LONG_TABLE = {0x243F6A8885A308D3L, 0x13198A2E03707344L, 0xA4093822299F31D0L,
        0x082EFA98EC4E6C89L, 0x452821E638D01377L, 0xBE5466CF34E90C6CL, 0xC0AC29B7C97C50DDL, 0x3F84D5B5B5470917L};
    static final int[] INT_TABLE = {1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x9E3779B9, 12345, 0, 7};
    static final int GROUP = 64;

    /** Every int operator, wrapping: +, -, *, &, |, ^, unary -, ~, /, % (MIN / -1 included). */
    public static void intArith(KernelContext ctx, int[] a, int[] b, int[] out) {
        int i = ctx.globalIdx;
        int x = a[i];
        int y = b[i];
        int o = i * 10;
        out[o] = x + y;
        out[o + 1] = x - y;
        out[o + 2] = x * y;
        out[o + 3] = x & y;
        out[o + 4] = x | y;
        out[o + 5] = x ^ y;
        out[o + 6] = -x;
        out[o + 7] = ~x;
        out[o + 8] = y == 0 ? 0 : x / y;
        out[o + 9] = y == 0 ? 0 : x % y;
    }

    /** Every long operator, wrapping, and lcmp through all comparison forms. */
    public static void longArith(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i];
        int o = i * 12;
        out[o] = x + y;
        out[o + 1] = x - y;
        out[o + 2] = x * y;
        out[o + 3] = x & y;
        out[o + 4] = x | y;
        out[o + 5] = x ^ y;
        out[o + 6] = -x;
        out[o + 7] = ~x;
        out[o + 8] = y == 0 ? 0 : x / y;
        out[o + 9] = y == 0 ? 0 : x % y;
        int c = 0;
        if (x < y) {
            c |= 1;
        }
        if (x <= y) {
            c |= 2;
        }
        if (x > y) {
            c |= 4;
        }
        if (x >= y) {
            c |= 8;
        }
        if (x == y) {
            c |= 16;
        }
        if (x != y) {
            c |= 32;
        }
        out[o + 10] = c;
        out[o + 11] = Long.compare(x, y);
    }

    /** Shifts with counts outside 0..31 (negative, >= 32): Java masks the count with 31. */
    public static void intShifts(KernelContext ctx, int[] a, int[] s, int[] out) {
        int i = ctx.globalIdx;
        int x = a[i];
        int n = s[i];
        out[i * 3] = x << n;
        out[i * 3 + 1] = x >> n;
        out[i * 3 + 2] = x >>> n;
    }

    /** Shifts of long with int counts outside 0..63: Java masks the count with 63. */
    public static void longShifts(KernelContext ctx, long[] a, int[] s, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        int n = s[i];
        out[i * 5] = x << n;
        out[i * 5 + 1] = x >> n;
        out[i * 5 + 2] = x >>> n;
        out[i * 5 + 3] = x >>> 32;
        out[i * 5 + 4] = (x << 13) >> 64;
    }

    /** Regression, TornadoVM 5.2 OpenCL: {@code >>>} on a negative value was emitted as an arithmetic shift. */
    public static void regressionUnsignedShift(KernelContext ctx, long[] a, int[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        int y = b[i];
        out[i * 4] = x >>> 1;
        out[i * 4 + 1] = x >>> 63;
        out[i * 4 + 2] = y >>> 1;
        out[i * 4 + 3] = y >>> 31;
    }

    /** Regression, TornadoVM 5.2 OpenCL: {@code Long.compareUnsigned} was emitted as a signed comparison. */
    public static void regressionCompareUnsigned(KernelContext ctx, long[] a, long[] b, int[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i];
        out[i * 5] = Long.compareUnsigned(x, y);
        out[i * 5 + 1] = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
        out[i * 5 + 2] = Integer.compareUnsigned((int) x, (int) y);
        out[i * 5 + 3] = Integer.compareUnsigned((int) (x >>> 32), (int) y) >= 0 ? 7 : 3;
        long sum = x + y;
        out[i * 5 + 4] = Long.compareUnsigned(sum, x) < 0 ? 1 : 0;
    }

    /** Regression, TornadoVM 5.2: {@code Math.multiplyHigh}/{@code unsignedMultiplyHigh} were unimplemented. */
    public static void regressionMultiplyHigh(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i];
        out[i * 3] = Math.multiplyHigh(x, y);
        out[i * 3 + 1] = Math.unsignedMultiplyHigh(x, y);
        out[i * 3 + 2] = x * y;
    }

    /** The 32×32→64 patterns the JIT turns into {@code mul.wide.u32}. */
    public static void wideMultiply(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i];
        out[i * 4] = (x & 0xFFFFFFFFL) * (y & 0xFFFFFFFFL);
        out[i * 4 + 1] = Integer.toUnsignedLong((int) x) * Integer.toUnsignedLong((int) y);
        out[i * 4 + 2] = (x >>> 32) * (y & MASK32);
        out[i * 4 + 3] = (x >>> 32) * (y >>> 32) + (x & MASK32);
    }

    /** int↔long conversions, narrowing casts and zero extension. */
    public static void casts(KernelContext ctx, long[] a, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        int lo = (int) x;
        out[i * 7] = lo;
        out[i * 7 + 1] = Integer.toUnsignedLong(lo);
        out[i * 7 + 2] = (byte) x;
        out[i * 7 + 3] = (short) lo;
        out[i * 7 + 4] = (char) lo;
        out[i * 7 + 5] = (long) (int) (x >> 17);
        out[i * 7 + 6] = (long) lo << 32 | (lo & 0xFFFFFFFFL);
    }

    /** Division corner cases that Java defines: MIN / -1 = MIN, MIN % -1 = 0, truncation toward zero. */
    public static void divisionCorners(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i] == 0 ? 1 : b[i];
        int xi = (int) x;
        int yi = (int) y == 0 ? -1 : (int) y;
        out[i * 8] = x / y;
        out[i * 8 + 1] = x % y;
        out[i * 8 + 2] = Long.MIN_VALUE / -1L + x / -1L;
        out[i * 8 + 3] = xi / yi;
        out[i * 8 + 4] = xi % yi;
        out[i * 8 + 5] = Integer.MIN_VALUE / (yi | 1) + xi % -1;
        out[i * 8 + 6] = Long.divideUnsigned(x, y);
        out[i * 8 + 7] = Long.remainderUnsigned(x, y) + Integer.divideUnsigned(xi, yi);
    }

    /** Bit-counting intrinsics and min/max/abs. */
    public static void bitsAndMinMax(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long y = b[i];
        int o = i * 12;
        out[o] = Long.numberOfLeadingZeros(x);
        out[o + 1] = Long.numberOfTrailingZeros(x);
        out[o + 2] = Long.bitCount(x);
        out[o + 3] = Integer.numberOfLeadingZeros((int) y);
        out[o + 4] = Integer.numberOfTrailingZeros((int) y);
        out[o + 5] = Integer.bitCount((int) y);
        out[o + 6] = Math.min(x, y);
        out[o + 7] = Math.max(x, y);
        out[o + 8] = Math.min((int) x, (int) y);
        out[o + 9] = Math.max((int) x, (int) y);
        out[o + 10] = Math.abs(x);
        out[o + 11] = Math.abs((int) y);
    }

    /** Loops with break/continue, nested branches, every if-form on int, a ternary left on the stack. */
    public static void loopsAndBranches(KernelContext ctx, int[] a, int[] out) {
        int i = ctx.globalIdx;
        int x = a[i];
        int steps = 0;
        long v = x & 0xFFFF;
        while (v != 1 && v != 0) {
            if (steps >= 200) {
                break;
            }
            steps++;
            if ((v & 1) == 0) {
                v >>= 1;
                continue;
            }
            v = 3 * v + 1;
        }
        int flags = 0;
        for (int k = -2; k <= 2; k++) {
            if (x == k) {
                flags += 1;
            } else if (x < k) {
                flags += 10;
            } else if (x > k && k > 0) {
                flags += 100;
            } else if (x >= 5 || x <= -5) {
                flags += 1000;
            }
            if (x != 0 && k != 0) {
                flags ^= k;
            }
        }
        int acc = 0;
        int k = 0;
        do {
            acc += (x >> k) & 1;
            k++;
        } while (k < 32);
        out[i * 4] = steps;
        out[i * 4 + 1] = flags;
        out[i * 4 + 2] = acc;
        out[i * 4 + 3] = x > 0 ? x * 2 : (x < -1000 ? x : -x);
    }

    /** tableswitch and lookupswitch. */
    public static void switches(KernelContext ctx, int[] a, int[] out) {
        int i = ctx.globalIdx;
        int x = a[i];
        int r;
        switch (x & 7) {
            case 0 -> r = 11;
            case 1 -> r = 22;
            case 2, 3 -> r = 33;
            case 5 -> r = 55;
            default -> r = -1;
        }
        int s;
        switch (x) {
            case -1 -> s = 1;
            case 1000 -> s = 2;
            case Integer.MIN_VALUE -> s = 3;
            case 65536 -> s = 4;
            default -> s = 0;
        }
        out[i * 2] = r;
        out[i * 2 + 1] = s;
    }

    /** Adds 4-limb numbers r = a + b, returning the carry: the array+offset calling convention. */
    static long add4(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long carry = 0;
        for (int k = 0; k < 4; k++) {
            long s = a[ao + k] + b[bo + k];
            long c1 = Long.compareUnsigned(s, a[ao + k]) < 0 ? 1 : 0;
            long t = s + carry;
            long c2 = Long.compareUnsigned(t, s) < 0 ? 1 : 0;
            r[ro + k] = t;
            carry = c1 | c2;
        }
        return carry;
    }

    /** Schoolbook 4×4-limb product into an 8-limb {@code r} (a private or global array). */
    static void mul4(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        for (int k = 0; k < 8; k++) {
            r[ro + k] = 0;
        }
        for (int x = 0; x < 4; x++) {
            long carry = 0;
            for (int y = 0; y < 4; y++) {
                long lo = a[ao + x] * b[bo + y];
                long hi = Math.unsignedMultiplyHigh(a[ao + x], b[bo + y]);
                long t = r[ro + x + y] + lo;
                hi += Long.compareUnsigned(t, lo) < 0 ? 1 : 0;
                long u = t + carry;
                hi += Long.compareUnsigned(u, t) < 0 ? 1 : 0;
                r[ro + x + y] = u;
                carry = hi;
            }
            r[ro + x + 4] = carry;
        }
    }

    /** Static calls with arrays and offsets; a private {@code new long[8]} passed to a callee. */
    public static void staticCalls(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long[] prod = new long[8];
        mul4(prod, 0, a, i * 4, b, i * 4);
        long carry = add4(out, i * 13, prod, 0, prod, 4);
        out[i * 13 + 4] = carry;
        mul4(out, i * 13 + 5, a, i * 4, a, i * 4);
    }

    /** {@code static final} tables read at compile time, indexed by data. */
    public static void constantTables(KernelContext ctx, long[] a, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        int k = (int) (x & 7);
        out[i * 3] = LONG_TABLE[k] ^ x;
        out[i * 3 + 1] = INT_TABLE[k] + (long) INT_TABLE[(k + 3) & 7];
        out[i * 3 + 2] = LONG_TABLE.length + INT_TABLE.length;
    }

    /** Sums {@code n} elements of {@code v} from {@code off}; called on private, global and shared arrays. */
    static long sum(long[] v, int off, int n) {
        long s = 0;
        for (int k = 0; k < n; k++) {
            s += v[off + k];
        }
        return s;
    }

    /** Work-group tree reduction in a shared array with barriers, plus a callee reading shared memory. */
    public static void groupReduce(KernelContext ctx, long[] a, long[] out) {
        long[] shared = ctx.allocateLongLocalArray(GROUP);
        int lid = ctx.localIdx;
        shared[lid] = a[ctx.globalIdx];
        ctx.localBarrier();
        long firstFour = sum(shared, 0, 4);
        ctx.localBarrier();
        for (int stride = ctx.localGroupSizeX / 2; stride > 0; stride >>= 1) {
            if (lid < stride) {
                shared[lid] += shared[lid + stride];
            }
            ctx.localBarrier();
        }
        if (lid == 0) {
            out[ctx.groupIdx * 2] = shared[0];
            out[ctx.groupIdx * 2 + 1] = firstFour;
        }
    }

    /** Keys of {@link #atomicHistogram} (a power of two) and the slots per key its old values may claim. */
    static final int ATOMIC_KEYS = 16;
    static final int ATOMIC_SLOTS = 256;

    /**
     * {@link Atomics#addInt} on global and local arrays, checked only through order-independent results: per-key
     * counts and wrapping sums, the slots {@code 0..count-1} claimed through the returned old values (each exactly
     * once, whichever work-item gets which), and per-group counts from a local histogram.
     */
    public static void atomicHistogram(KernelContext ctx, int[] keys, int[] counts, int[] sums, int[] slots,
                                       int[] groupCounts) {
        int[] local = ctx.allocateIntLocalArray(ATOMIC_KEYS);
        int lid = ctx.localIdx;
        if (lid < ATOMIC_KEYS) {
            local[lid] = 0;
        }
        ctx.localBarrier();
        int x = keys[ctx.globalIdx];
        int k = x & (ATOMIC_KEYS - 1);
        int old = Atomics.addInt(counts, k, 1);
        if (old < ATOMIC_SLOTS) {
            Atomics.addInt(slots, k * ATOMIC_SLOTS + old, 1 + old);
        }
        Atomics.addInt(sums, k, x);
        Atomics.addInt(local, k, 1 + (x >>> 31));
        ctx.localBarrier();
        if (lid < ATOMIC_KEYS) {
            groupCounts[ctx.groupIdx * ATOMIC_KEYS + lid] = local[lid];
        }
    }

    /** Context values and a callee taking global and private arrays. */
    public static void contextAndSpaces(KernelContext ctx, long[] a, long[] out) {
        int i = ctx.globalIdx;
        long[] priv = new long[3];
        priv[0] = ctx.localIdx;
        priv[1] = ctx.groupIdx;
        priv[2] = ctx.localGroupSizeX + (long) ctx.globalGroupSizeX * 1000;
        out[i * 3] = sum(priv, 0, 3);
        out[i * 3 + 1] = sum(a, i, 1) + a.length;
        out[i * 3 + 2] = priv[2];
    }

    /** Off-heap arrays: get, set, size, long indices. */
    public static void offHeap(KernelContext ctx, OffHeapLongArray in, OffHeapLongArray out) {
        int i = ctx.globalIdx;
        long n = in.size();
        long x = in.get(i);
        long y = in.get(n - 1 - i);
        out.set(i * 2L, x * 31 + y);
        out.set(i * 2L + 1, n);
    }

    /** Stack shapes: dup2 of array+index ({@code a[i] += x}), dup ({@code x = y = z}), iinc, post-increment. */
    public static void stackShapes(KernelContext ctx, long[] a, int[] b, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        int y = b[i];
        out[i * 4] = 5;
        out[i * 4] += x;
        out[i * 4 + 1] <<= y;
        long p;
        long q = p = x ^ 0x5555_5555_5555_5555L;
        int k = i * 4 + 2;
        out[k++] = p + q;
        out[k++] = k;
        b[i] += y++ + ++y;
        long[] t = new long[2];
        t[0] = x;
        long old = t[0]++;
        long now = ++t[0];
        int[] u = new int[1];
        int o2 = u[0]--;
        out[i * 4 + 1] += old * 7 + now + o2 + u[0];
    }

    /** {@code System.arraycopy} between arrays and inside one array (overlapping both ways); an assert. */
    public static void arrayCopies(KernelContext ctx, long[] a, long[] out) {
        int i = ctx.globalIdx;
        long[] t = new long[8];
        System.arraycopy(a, i * 4, t, 2, 4);
        assert t[0] == 0 : "fresh private arrays are zero";
        System.arraycopy(t, 2, t, 3, 4);
        System.arraycopy(t, 1, t, 0, 6);
        System.arraycopy(t, 0, out, i * 8, 8);
    }

    /** Off-heap int arrays and an int work-group array: a per-group inclusive prefix sum (Hillis-Steele). */
    public static void offHeapIntScan(KernelContext ctx, OffHeapIntArray in, OffHeapIntArray out) {
        int[] s = ctx.allocateIntLocalArray(GROUP);
        int lid = ctx.localIdx;
        s[lid] = in.get(ctx.globalIdx);
        ctx.localBarrier();
        for (int d = 1; d < GROUP; d <<= 1) {
            int v = lid >= d ? s[lid - d] : 0;
            ctx.localBarrier();
            s[lid] += v;
            ctx.localBarrier();
        }
        out.set(ctx.globalIdx, s[lid] ^ (int) in.size());
    }

    /** Carry propagation written the usual ways: compareUnsigned fused into branches, ternaries, long loops. */
    public static void carryChains(KernelContext ctx, long[] a, long[] b, long[] out) {
        int i = ctx.globalIdx;
        long carry = 0;
        long borrow = 0;
        for (int k = 0; k < 4; k++) {
            long x = a[i * 4 + k];
            long y = b[i * 4 + k];
            long s = x + y + carry;
            carry = (carry == 0 ? Long.compareUnsigned(s, x) < 0 : Long.compareUnsigned(s, x) <= 0) ? 1 : 0;
            long d = x - y - borrow;
            borrow = Long.compareUnsigned(x, y) < 0 || (borrow != 0 && x == y) ? 1 : 0;
            out[i * 10 + k] = s;
            out[i * 10 + 4 + k] = d;
        }
        out[i * 10 + 8] = carry;
        out[i * 10 + 9] = borrow;
    }

    /** Low half of a 4-limb square via a callee-private 8-limb temporary; folds {@code seed} into it. */
    static long squareLow(long[] r, int ro, long[] a, int ao, long seed) {
        long[] t = new long[8];
        mul4(t, 0, a, ao, a, ao);
        long fold = seed;
        for (int k = 0; k < 4; k++) {
            r[ro + k] = t[k] ^ fold;
            fold = fold * 31 + t[k + 4];
        }
        return fold;
    }

    /** Callees with private arrays inlined several times while the caller's private array stays live. */
    public static void privateArrayReuse(KernelContext ctx, long[] a, long[] out) {
        int i = ctx.globalIdx;
        long[] mine = new long[8];
        long f1 = squareLow(mine, 0, a, i * 4, 1);
        long f2 = squareLow(mine, 4, mine, 0, f1);
        long f3 = squareLow(out, i * 9, mine, 4, f2);
        for (int k = 0; k < 4; k++) {
            out[i * 9 + 4 + k] = mine[k] + mine[k + 4];
        }
        out[i * 9 + 8] = f3;
    }

    /** Index of the first element of {@code v[off..off+n)} equal to {@code key}, or -1: returns from a loop. */
    static int indexOf(long[] v, int off, int n, long key) {
        for (int k = 0; k < n; k++) {
            if (v[off + k] == key) {
                return k;
            }
        }
        return -1;
    }

    static boolean isOdd(long x) {
        return (x & 1) != 0;
    }

    /** Scalar int and long parameters, for-each loops over private arrays and tables, early returns. */
    public static void scalarsAndEarlyReturns(KernelContext ctx, int k, long m, long[] a, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        long[] window = new long[4];
        for (int j = 0; j < 4; j++) {
            window[j] = a[(i + j) % a.length] ^ m;
        }
        long acc = 0;
        for (long w : window) {
            acc = acc * 3 + w;
        }
        for (long t : LONG_TABLE) {
            acc += isOdd(t ^ x) ? t : -t;
        }
        out[i * 4] = acc;
        out[i * 4 + 1] = indexOf(window, 0, 4, x ^ m);
        out[i * 4 + 2] = indexOf(a, 0, a.length, m);
        if (k > i) {
            out[i * 4 + 3] = k - (long) i * m;
            return;
        }
        out[i * 4 + 3] = Integer.toUnsignedLong(k) + m;
    }

    /** Bit reversal (as in an NTT's bit-reversal permutation) and rotations with counts outside 0..width. */
    public static void reverseAndRotate(KernelContext ctx, long[] a, int[] s, long[] out) {
        int i = ctx.globalIdx;
        long x = a[i];
        int n = s[i];
        out[i * 7] = Long.reverse(x);
        out[i * 7 + 1] = Integer.reverse((int) x);
        out[i * 7 + 2] = Integer.reverse(i) >>> (32 - 8);
        out[i * 7 + 3] = Long.rotateLeft(x, n);
        out[i * 7 + 4] = Long.rotateRight(x, n);
        out[i * 7 + 5] = Integer.rotateLeft((int) x, n);
        out[i * 7 + 6] = Integer.rotateRight((int) x, 13);
    }

    /** Limbs of "field" {@code sel}: a constant once inlined with a constant argument, as {@code Mont32.limbs}. */
    static int width(int sel) {
        return sel == 0 ? 4 : 6;
    }

    /**
     * Loops the JIT unrolls whole (trip counts constant after inlining; JIT.md, "Optimisation passes"): a private
     * array indexed only by induction variables (scalar-replaced into registers), nested loops with a triangular
     * trip count and an unsigned carry, a count-down loop with step 2, a {@code break} at a data-dependent
     * iteration of a constant-bound loop, and a table walk.
     */
    public static void unrolledLoops(KernelContext ctx, long[] a, int[] b, long[] out) {
        int i = ctx.globalIdx;
        int n = width(1);
        long[] t = new long[6];
        for (int j = 0; j < n; j++) {
            t[j] = a[(i + j) % a.length] * (j + 1);
        }
        long carry = 0;
        for (int j = 0; j < n; j++) {
            for (int k = 0; k <= j; k++) {
                long s = t[k] + carry;
                carry = Long.compareUnsigned(s, carry) < 0 ? 1 : 0;
                t[k] = s ^ b[i];
            }
        }
        for (int j = n - 1; j >= 0; j -= 2) {
            t[j] += t[j == 0 ? 0 : j - 1] >>> j;
        }
        int first = -1;
        for (int j = 0; j < width(0); j++) {
            if ((t[j] & 3) == 0) {
                first = j;
                break;
            }
        }
        long acc = carry;
        for (long c : LONG_TABLE) {
            acc = acc * 31 + (c ^ t[(int) (c & 3)]);
        }
        for (int j = 0; j < n; j++) {
            out[i * 8 + j] = t[j];
        }
        out[i * 8 + 6] = first;
        out[i * 8 + 7] = acc;
    }

    /**
     * Loops the JIT must leave as loops, next to unrolled ones: a data-dependent trip count, a constant trip count
     * over the unroller's limits (3000 iterations), and a private array indexed by data (kept in
     * memory, with its constant-indexed accesses).
     */
    public static void partlyUnrolledLoops(KernelContext ctx, long[] a, int[] b, long[] out) {
        int i = ctx.globalIdx;
        long acc = 0;
        for (int j = 0; j < (b[i] & 15); j++) {
            acc += a[(i + j) % a.length] ^ j;
        }
        for (int j = 0; j < 3000; j++) {
            acc = acc * 31 + j;
        }
        long[] t = new long[8];
        for (int j = 0; j < 8; j++) {
            t[j] = a[i] + j;
        }
        t[b[i] & 7] ^= acc;
        out[i * 3] = acc;
        out[i * 3 + 1] = t[(b[i] >>> 3) & 7];
        out[i * 3 + 2] = t[0] + t[7];
    }
}
