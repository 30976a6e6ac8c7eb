package jzk.bench.kernels;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.runtime.Devices;
import jzk.tornado.api.Kernels;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;

/**
 * Integer-multiply ceiling of a CUDA GPU, measured with a hand-written PTX kernel, set against the Fr
 * multiplication rate of the JIT-compiled {@link FieldKernels#frMulChain} in the same run (issue 3: "Fr
 * multiplications per second against the chip's integer-multiply ceiling").
 *
 * <p>The probe kernel: each thread runs {@code iterations × UNROLL} steps over {@code CHAINS} independent chains;
 * one step of chain c is the pair {@code mad.lo.cc.u32 t, a, x, b; madc.hi.cc.u32 b, a, x, b} (the 32×32→64
 * product a·x plus b with the carry between the halves, exactly the pair a CIOS inner step compiles to), then
 * {@code a ← t}. The step is non-linear in {@code a} (a multiply-with-carry recurrence), so ptxas can neither fold
 * the chain nor drop it; the chains are XOR-folded and stored, so nothing is dead. Independent chains give the
 * scheduler {@code CHAINS}-way instruction-level parallelism to hide the multiply latency.
 *
 * <p>Count per Fr multiplication ({@link Mont32#mul}, CIOS with 8 limbs of 32 bits, Koç–Acar–Kaliski 1996,
 * "Analyzing and comparing Montgomery multiplication algorithms", §4): per outer step i, 8 full products a_j·b_i
 * and 8 full products m·p_j, plus one low-only m = t_0·inv; over 8 steps {@value #PAIRS_PER_FR_MUL} lo/hi pairs and
 * 8 {@code mul.lo}. The ratio printed is (Fr mul/s × {@value #PAIRS_PER_FR_MUL}) / (probe pairs/s): the share of the
 * multiplier ceiling the field code reaches (the adds, carries, loads and the final subtraction come on top).
 *
 * <p>Usage: {@code run.sh jzk.tornado.bls.MulProbe [device=cuda:0] [lg=20] [iterations=1024] [reps=5]}.
 */
public final class MulProbe {
    /** Independent chains per thread. */
    static final int CHAINS = 8;
    /** Steps per chain per loop trip (even: the step alternates the a/t registers). */
    static final int UNROLL = 16;
    /** Full 32×32→64 products per 8-limb CIOS multiplication: 8·8 for a·b plus 8·8 for m·p. */
    static final int PAIRS_PER_FR_MUL = 2 * 8 * 8;
    /** Entry name of the probe kernel. */
    static final String ENTRY = "mulProbe";

    private MulProbe() {
    }

    /**
     * The probe's PTX for {@code sm_<sm>}: parameters {@code (u32* out, u32 iterations)}; thread g writes the fold
     * of its chains to {@code out[g]}. Launch exactly {@code out.length} threads (no bounds check, so the loop body
     * is all the kernel does).
     */
    public static String ptx(int sm) {
        StringBuilder s = new StringBuilder();
        s.append("// MulProbe: ").append(CHAINS).append(" independent mad.lo.cc/madc.hi.cc chains, unrolled ")
                .append(UNROLL).append("x per loop trip\n");
        s.append(".version 8.0\n.target sm_").append(sm).append("\n.address_size 64\n\n");
        s.append(".visible .entry ").append(ENTRY).append("(\n    .param .u64 pout,\n    .param .u32 piters\n)\n{\n");
        s.append("    .reg .pred %p;\n");
        s.append("    .reg .u32 %g, %n, %i, %f, %q<4>;\n");
        s.append("    .reg .u32 %a<").append(CHAINS).append(">, %t<").append(CHAINS).append(">, %b<").append(CHAINS)
                .append(">, %x<").append(CHAINS).append(">;\n");
        s.append("    .reg .u64 %rd<4>;\n\n");
        s.append("    mov.u32 %q0, %ctaid.x;\n    mov.u32 %q1, %ntid.x;\n    mov.u32 %q2, %tid.x;\n");
        s.append("    mad.lo.u32 %g, %q0, %q1, %q2;\n");
        s.append("    ld.param.u32 %n, [piters];\n");
        for (int c = 0; c < CHAINS; c++) {
            // distinct odd multipliers and seeds per chain, all depending on the thread index
            s.append("    mad.lo.u32 %x").append(c).append(", %g, ").append(2 * c + 3).append(", ")
                    .append(0x9E3779B9L + 2L * c * 0x85EBCA6BL & 0xFFFFFFFFL | 1).append(";\n");
            s.append("    xor.b32 %a").append(c).append(", %g, ").append(0x27D4EB2FL * (c + 1) & 0xFFFFFFFFL).append(";\n");
            s.append("    add.u32 %b").append(c).append(", %g, ").append(c).append(";\n");
        }
        s.append("    mov.u32 %i, 0;\n");
        s.append("LOOP:\n");
        for (int u = 0; u < UNROLL; u++) {
            String from = u % 2 == 0 ? "%a" : "%t";
            String to = u % 2 == 0 ? "%t" : "%a";
            for (int c = 0; c < CHAINS; c++) {
                s.append("    mad.lo.cc.u32 ").append(to).append(c).append(", ").append(from).append(c).append(", %x")
                        .append(c).append(", %b").append(c).append(";\n");
                s.append("    madc.hi.cc.u32 %b").append(c).append(", ").append(from).append(c).append(", %x")
                        .append(c).append(", %b").append(c).append(";\n");
            }
        }
        s.append("    add.u32 %i, %i, 1;\n    setp.lt.u32 %p, %i, %n;\n    @%p bra LOOP;\n\n");
        s.append("    mov.u32 %f, 0;\n");
        for (int c = 0; c < CHAINS; c++) {
            s.append("    xor.b32 %f, %f, %a").append(c).append(";\n");
            s.append("    xor.b32 %f, %f, %b").append(c).append(";\n");
        }
        s.append("    ld.param.u64 %rd1, [pout];\n    cvta.to.global.u64 %rd1, %rd1;\n");
        s.append("    mul.wide.u32 %rd2, %g, 4;\n    add.u64 %rd3, %rd1, %rd2;\n");
        s.append("    st.global.u32 [%rd3], %f;\n    ret;\n}\n");
        return s.toString();
    }

    /** Lo/hi multiply pairs one launch of {@code threads} threads runs. */
    static double pairs(long threads, int iterations) {
        return (double) threads * iterations * UNROLL * CHAINS;
    }

    public static void main(String[] args) {
        String deviceName = "cuda:0";
        int lg = 20;
        int iterations = 1024;
        int reps = 5;
        for (Map.Entry<String, String> e : KeyValueArgs.parse(args).entrySet()) {
            String k = e.getKey();
            String v = e.getValue();
            switch (k) {
                case "device" -> deviceName = v;
                case "lg" -> lg = Integer.parseInt(v);
                case "iterations" -> iterations = Integer.parseInt(v);
                case "reps" -> reps = Integer.parseInt(v);
                default -> throw new IllegalArgumentException("unknown argument '" + k + "' (device, lg, iterations, reps)");
            }
        }
        Device d = Devices.get(deviceName);
        if (d.info().kind() != DeviceKind.CUDA) {
            throw new IllegalArgumentException(deviceName + " is not a CUDA device; the probe is PTX");
        }
        int sm = Integer.parseInt(d.info().computeCapability().replace(".", ""));
        int n = 1 << lg;
        System.out.println("[probe] " + d.info());

        DeviceKernel probe = d.kernelFromSource(KernelSource.ptx(ENTRY, ptx(sm),
                new KernelParam("out", KernelParam.Kind.INT_ARRAY), new KernelParam("iterations", KernelParam.Kind.INT)));
        double probeNs;
        try (DeviceBuffer out = d.allocate(4L * n)) {
            d.launchTimed(probe, n, 256, out, iterations); // warm-up
            long[] t = new long[reps];
            for (int r = 0; r < reps; r++) {
                t[r] = d.launchTimed(probe, n, 256, out, iterations);
            }
            probeNs = median(t);
        }
        double pairsPerS = pairs(n, iterations) / (probeNs / 1e9);
        System.out.printf("[probe] %d threads x %d iterations x %d steps x %d chains: median %.3f ms, %.4g mad pairs/s"
                        + " (%.4g 32-bit multiply-adds/s)%n", n, iterations, UNROLL, CHAINS, probeNs / 1e6, pairsPerS,
                2 * pairsPerS);

        int frIterations = 1000;
        DeviceKernel fr = d.kernel(Kernels.of(FieldKernels::frMulChain));
        double frNs;
        int[] x = new int[8 * n];
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextInt() & (i % 8 == 7 ? 0x0FFFFFFF : -1); // top limb below r's top limb: reduced input
        }
        try (DeviceBuffer b = d.allocate(4L * x.length)) {
            d.copyToDevice(x, 0, b, 0, x.length);
            d.launchTimed(fr, n, 64, b, frIterations, n);
            long[] t = new long[reps];
            for (int r = 0; r < reps; r++) {
                t[r] = d.launchTimed(fr, n, 64, b, frIterations, n);
            }
            frNs = median(t);
        }
        double frPerS = 2.0 * n * frIterations / (frNs / 1e9);
        System.out.printf("[probe] frMulChain (JIT) %d threads x %d Fr mul: median %.3f ms, %.4g Fr mul/s%n", n,
                2 * frIterations, frNs / 1e6, frPerS);
        System.out.printf("[probe] ratio: %.4g Fr mul/s x %d pairs = %.4g pairs/s = %.1f%% of the probe ceiling"
                        + " %.4g pairs/s%n", frPerS, PAIRS_PER_FR_MUL, frPerS * PAIRS_PER_FR_MUL,
                100 * frPerS * PAIRS_PER_FR_MUL / pairsPerS, pairsPerS);
    }

    private static double median(long[] t) {
        long[] s = t.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
