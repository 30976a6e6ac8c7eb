package jzk.tornado.bls;

import jzk.tornado.bls.kernels.R1csKernels;
import jzk.arith.Fr;
import jzk.tornado.api.Device;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.FieldKernels;

/**
 * The entry points the prover calls: NTT and MSM on a device, in the project-wide data layout
 * (docs/ARCHITECTURE.md: Fr as 4 Montgomery 64-bit limbs, scalars canonical, affine points Montgomery with
 * infinity all zeros). Each call copies its data to the device as the kernels' 32-bit limbs (the same bytes as the
 * little-endian 64-bit limbs, so no conversion pass), runs on {@code host}, and copies results back.
 * For repeated work keep an {@link Ntt} plan or {@link ResidentBases} and call them directly.
 */
public final class BlsGpu {
    private BlsGpu() {
    }

    /** Points per resident segment: G1 2^25 (805 M ints), G2 2^24; keeps every buffer index below 2^31. */
    static int defaultSegment(int d) {
        return d == 1 ? 1 << 25 : 1 << 24;
    }

    /**
     * In-place NTT of {@code data} ({@code 4·2^k} longs, Montgomery Fr). Forward maps coefficients to evaluations
     * at {@code shift·ω^i}; inverse maps such evaluations back to coefficients. ω is of {@code family}.
     */
    public static void ntt(KernelHost host, long[] data, boolean inverse, Coset coset, Fr.RootFamily family) {
        int n = data.length / 4;
        if (data.length % 4 != 0 || Integer.bitCount(n) != 1 || n < 2) {
            throw new IllegalArgumentException("NTT input of " + data.length + " longs is not 2^k ≥ 2 Fr elements");
        }
        int lgN = Integer.numberOfTrailingZeros(n);
        // 64-bit LE limbs are the kernels' 32-bit LE limbs byte for byte: copied both ways without an int[]
        try (Ntt plan = new Ntt(host, lgN, family); KernelHost.Buffer buf = host.allocate(2L * data.length)) {
            host.write(buf, 0, data, 0, data.length);
            long[] shift = plan.shift(coset);
            if (shift == null) {
                if (inverse) {
                    plan.inverse(buf);
                } else {
                    plan.forward(buf);
                }
            } else if (inverse) {
                plan.cosetInverse(buf, shift);
            } else {
                plan.cosetForward(buf, shift);
            }
            host.read(buf, 0, data, 0, data.length);
        }
    }

    /**
     * The Groth16 quotient's NTT work in one device round trip. a, b, c are the evaluations of the A·z, B·z, C·z
     * polynomials on the 2^k domain (Montgomery Fr, 4 longs each, equal lengths). Each is uploaded once,
     * interpolated (inverse NTT) and evaluated on {@code coset} (coset-forward NTT); a·b − c is taken element-wise
     * on the device ({@link FieldKernels#frMulSub}). With {@code factor} null the coset evaluations are the result
     * (snarkjs keys); otherwise they are interpolated back from the coset and multiplied by {@code factor}
     * (bellman keys, factor = 1/Z on the coset). The result is written to {@code a}; b and c are not changed.
     * Same values as the three-step host sequence of {@link #ntt} calls, with 1 upload per vector and 1 download.
     */
    public static void quotient(KernelHost host, long[] a, long[] b, long[] c, Coset coset, Fr.RootFamily family,
                                long[] factor) {
        int n = a.length / 4;
        if (a.length % 4 != 0 || Integer.bitCount(n) != 1 || n < 2 || b.length != a.length || c.length != a.length) {
            throw new IllegalArgumentException("quotient inputs of " + a.length + ", " + b.length + ", " + c.length
                    + " longs are not three vectors of the same 2^k ≥ 2 Fr elements");
        }
        try (Ntt plan = new Ntt(host, Integer.numberOfTrailingZeros(n), family);
             KernelHost.Buffer ba = host.allocate(2L * a.length);
             KernelHost.Buffer bb = host.allocate(2L * a.length);
             KernelHost.Buffer bc = host.allocate(2L * a.length)) {
            host.write(ba, 0, a, 0, a.length);
            host.write(bb, 0, b, 0, a.length);
            host.write(bc, 0, c, 0, a.length);
            quotient(plan, ba, bb, bc, coset, factor, null);
            host.read(ba, 0, a, 0, a.length);
        }
    }

    /** Receives the end of each step of a device sequence, after the host waited for it (phase timing). */
    public interface Steps {
        void done(String step);
    }

    /**
     * {@link #quotient(KernelHost, long[], long[], long[], Coset, Fr.RootFamily, long[])} on vectors already on
     * the device: {@code ba}, {@code bb}, {@code bc} hold {@code plan.n} elements each (8 ints, Montgomery); the
     * result is left in {@code ba}, {@code bb} and {@code bc} are overwritten. With {@code steps} non-null the host
     * waits after each NTT and reports it (names "ntt a", "ntt b", "ntt c", "a*b-c", "ntt h"); null: no waits.
     */
    public static void quotient(Ntt plan, KernelHost.Buffer ba, KernelHost.Buffer bb, KernelHost.Buffer bc,
                                Coset coset, long[] factor, Steps steps) {
        KernelHost host = plan.host();
        int n = plan.n;
        long[] shift = plan.shift(coset);
        KernelHost.Buffer[] bufs = {ba, bb, bc};
        String[] names = {"ntt a", "ntt b", "ntt c"};
        for (int i = 0; i < 3; i++) {
            plan.toCoset(bufs[i], shift);
            step(host, steps, names[i]);
        }
        host.launch(FR_MUL_SUB, (n + QUOTIENT_LOCAL - 1) / QUOTIENT_LOCAL * QUOTIENT_LOCAL, QUOTIENT_LOCAL,
                ba, bb, bc, n);
        step(host, steps, "a*b-c");
        if (factor != null) {
            plan.cosetInverse(ba, shift, factor);
            step(host, steps, "ntt h");
        }
    }

    private static void step(KernelHost host, Steps steps, String name) {
        if (steps != null) {
            host.finish();
            steps.done(name);
        }
    }

    private static final java.lang.reflect.Method UNSATISFIED = Kernels.of(R1csKernels::countUnsatisfied);
    private static final java.lang.reflect.Method FROM_MONTGOMERY = Kernels.of(R1csKernels::fromMontgomery);

    /** How many rows i &lt; rows have {@code a_i·b_i ≠ c_i} (device vectors of Montgomery Fr); waits for it. */
    public static int countUnsatisfied(KernelHost host, KernelHost.Buffer a, KernelHost.Buffer b,
                                       KernelHost.Buffer c, int rows) {
        if (rows <= 0) {
            return 0;
        }
        int[] count = new int[1];
        try (KernelHost.Buffer bad = host.allocate(1)) {
            host.write(bad, 0, count, 1);
            host.launch(UNSATISFIED, (rows + QUOTIENT_LOCAL - 1) / QUOTIENT_LOCAL * QUOTIENT_LOCAL, QUOTIENT_LOCAL,
                    a, b, c, rows, bad);
            host.read(bad, 0, count, 1);
        }
        return count[0];
    }

    /** Elements {@code [from, from + n)} of a device vector from Montgomery to canonical form, in place. */
    public static void toCanonical(KernelHost host, KernelHost.Buffer v, int from, int n) {
        if (n > 0) {
            host.launch(FROM_MONTGOMERY, (n + QUOTIENT_LOCAL - 1) / QUOTIENT_LOCAL * QUOTIENT_LOCAL, QUOTIENT_LOCAL,
                    v, from, n);
        }
    }

    private static final java.lang.reflect.Method FR_MUL_SUB = Kernels.of(FieldKernels::frMulSub);
    private static final int QUOTIENT_LOCAL = 64;

    /** Uploads G1 bases (12 longs each) to stay on the device. */
    public static ResidentBases residentG1(KernelHost host, long[] bases) {
        return new ResidentBases(host, 1, bases, defaultSegment(1));
    }

    /** Uploads G2 bases (24 longs each) to stay on the device. */
    public static ResidentBases residentG2(KernelHost host, long[] bases) {
        return new ResidentBases(host, 2, bases, defaultSegment(2));
    }

    /**
     * Σ scalars[i]·bases[i] in G1; scalars canonical, each below r (else IllegalArgumentException). The bases are
     * streamed through the device one segment at a time (see {@link Msm#msmStreaming}); use
     * {@link #residentG1} to keep them there across calls.
     */
    public static long[] msmG1(KernelHost host, long[] bases, long[] scalars) {
        return Msm.msmStreaming(host, 1, bases, scalars, defaultSegment(1));
    }

    /** Σ scalars[i]·bases[i] in G2, streamed like {@link #msmG1(KernelHost, long[], long[])}. */
    public static long[] msmG2(KernelHost host, long[] bases, long[] scalars) {
        return Msm.msmStreaming(host, 2, bases, scalars, defaultSegment(2));
    }

    /** Σ scalars[i]·bases[i] over bases already on the device. */
    public static long[] msm(ResidentBases bases, long[] scalars) {
        return Msm.msm(bases, scalars);
    }

    /**
     * Σ scalars[i]·bases[i] with bases and scalars on the device: {@code scalars} holds the canonical scalars as
     * 8·n ints (see {@link #uploadScalars}); each must be below r (else IllegalArgumentException naming it).
     */
    public static long[] msm(ResidentBases bases, KernelHost.Buffer scalars) {
        return Msm.msm(bases, scalars);
    }

    /**
     * As {@link #msm(ResidentBases, KernelHost.Buffer)} with the scalars {@code [offset, offset + n)} of the buffer
     * (e.g. the private part of an assignment on the device, for the L sum).
     */
    public static long[] msm(ResidentBases bases, KernelHost.Buffer scalars, int offset) {
        return Msm.msm(bases, scalars, offset);
    }

    /**
     * A device buffer of {@code host} holding {@code scalars} (4·n canonical longs) as the 8·n little-endian ints
     * the MSM kernels read: the same bytes, copied without conversion. The caller closes it. Not range-checked
     * here (every MSM checks on the device).
     */
    public static KernelHost.Buffer uploadScalars(KernelHost host, long[] scalars) {
        if (scalars.length % 4 != 0) {
            throw new IllegalArgumentException("scalar array of " + scalars.length
                    + " longs is not a whole number of Fr elements (4 longs each)");
        }
        KernelHost.Buffer b = host.allocate(2L * scalars.length);
        host.write(b, 0, scalars, 0, scalars.length);
        return b;
    }

    /**
     * {@code [scalars_i]P} for every scalar (4 canonical longs each; any 256-bit value gives its integer multiple),
     * affine (12·d longs each), from P's fixed-base table ({@link FixedBaseGpu#TABLE_POINTS} affine multiples,
     * entry (k, e) = [e·2^(8k)]P). One-shot: uploads the table, runs, frees it; keep a {@link FixedBaseGpu} to run
     * several batches against one base.
     */
    public static long[] fixedBaseMul(KernelHost host, int d, long[] tableAffine, long[] scalars) {
        if (scalars.length % 4 != 0) {
            throw new IllegalArgumentException("scalar array of " + scalars.length + " longs is not 4 per scalar");
        }
        try (FixedBaseGpu base = new FixedBaseGpu(host, d, tableAffine)) {
            return base.mulAll(scalars, scalars.length / 4);
        }
    }

    // ---- the same entry points on a runtime Device (jzk.tornado.runtime.Devices.best(), "cuda:0", …) ----

    /** {@link #ntt(KernelHost, long[], boolean, Coset, Fr.RootFamily)} with snarkjs roots (ω from 5^t). */
    public static void ntt(Device device, long[] data, boolean inverse, Coset coset) {
        ntt(device, data, inverse, coset, Fr.RootFamily.SNARKJS_5);
    }

    public static void ntt(Device device, long[] data, boolean inverse, Coset coset, Fr.RootFamily family) {
        try (DeviceHost host = new DeviceHost(device)) {
            ntt(host, data, inverse, coset, family);
        }
    }

    public static long[] msmG1(Device device, long[] bases, long[] scalars) {
        try (DeviceHost host = new DeviceHost(device)) {
            return msmG1(host, bases, scalars);
        }
    }

    public static long[] msmG2(Device device, long[] bases, long[] scalars) {
        try (DeviceHost host = new DeviceHost(device)) {
            return msmG2(host, bases, scalars);
        }
    }

    /** G1 bases kept on {@code device} until the returned object is closed. */
    public static ResidentBases residentG1(Device device, long[] bases) {
        return new ResidentBases(new DeviceHost(device), 1, bases, defaultSegment(1), true);
    }

    /** G2 bases kept on {@code device} until the returned object is closed. */
    public static ResidentBases residentG2(Device device, long[] bases) {
        return new ResidentBases(new DeviceHost(device), 2, bases, defaultSegment(2), true);
    }
}
