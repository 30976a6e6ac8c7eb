package jzk.bench.kernels;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import jzk.arith.Fp;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.bench.BenchConfig;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.BlsGpu;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.kernels.FieldKernels;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.Layout;
import jzk.tornado.bls.Msm;
import jzk.tornado.bls.MsmOps;
import jzk.tornado.bls.Ntt;
import jzk.tornado.bls.ResidentBases;
import jzk.tornado.bls.SortedMsm;
import jzk.tornado.bls.SplitMsm;
import jzk.tornado.bls.kernels.Xyzz;

/**
 * Benchmark harness for the BLS12-381 kernels, runnable without Maven ({@code java -cp … jzk.bench.kernels.BlsBench
 * ntt=16,20,24 msm1=16,20,24 msm2=16,22 frmul=1 fpmul=1 reps=5 backends=all}; {@code msm1mix=20,24 msm2mix=22 zeros=0.47
 * ones=0.43} adds plain-vs-split rows over a witness-like scalar mix, see {@link #benchMixMsm}; the default shares
 * are those of the aux values of a SHA-256-leaf PoRep partition, {@code PorepShape(2, 20, SHA256)}). Prints one
 * Markdown table: op × size ×
 * backend with median wall times over {@code reps} runs after {@code warm} untimed warm-up runs (default 1, at most
 * 1 s of them; the notes list every rep and the first warm-up's time),
 * "resident" meaning inputs already on the device (NTT data; MSM bases, and for the sorted MSM rows the scalars
 * too; the chunked MSM rows upload scalars inside the timed call) and "with transfers" the full host call; plus
 * the PTX/OpenCL ratio per row and a results-agree column (every backend's output is compared with the first
 * backend that ran that row).
 *
 * <p>MSM inputs: 1024 distinct points j·G repeated cyclically (generating 2^24 independent random points on
 * the host would take minutes; the kernels' cost does not depend on the points), scalars uniform below 2^254.
 */
public final class BlsBench {
    private BlsBench() {
    }

    /** BLS12-381 generators, draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 (x, y; G2 as c0, c1). */
    private static final String[] G1_HEX = {
        "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
        "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"};
    private static final String[] G2_HEX = {
        "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
        "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
        "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
        "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be"};
    private static final int DISTINCT_POINTS = 1024;
    /** Largest sizes the jvm device is asked to run (it is a reference, not a contender). */
    private static final int JVM_MAX_LG_NTT = 14;
    private static final int JVM_MAX_LG_MSM = 8;
    /** Largest mixed-scalar MSM the jvm device and CPU OpenCL run (mostly 0/1 scalars: a few additions each). */
    private static final int JVM_MAX_LG_MIX = BenchConfig.get().jvmMaxLgMix();
    /** Print the phases of every resident sorted-MSM call ({@code -Djzk.bench.msmPhases=true}). */
    private static final boolean MSM_PHASES = BenchConfig.get().msmPhases();
    /** Largest NTT the CPU baseline runs. */
    private static final int CPU_MAX_LG_NTT = BenchConfig.get().cpuMaxLgNtt();
    /** Largest MSM the CPU baseline runs (field-arith's Pippenger). */
    private static final int CPU_MAX_LG_MSM = BenchConfig.get().cpuMaxLgMsm();

    record Row(String op, int lg, String backend, double residentMs, double totalMs, String note) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = KeyValueArgs.parse(args);
        int reps = Integer.parseInt(opt.getOrDefault("reps", "5"));
        warm = Integer.parseInt(opt.getOrDefault("warm", "1"));
        // chunked MSM rows default to 2^17 work-items, its fastest setting on the H200 in runs 4–5 (Msm's own
        // default is 2^15); the sorted path's row follows them
        List<Integer> msmItems = sizes(opt.getOrDefault("msmItems", "17"));
        List<KernelHost> hosts = DeviceHosts.forBench(opt.getOrDefault("backends", "all"));
        List<Row> rows = new ArrayList<>() {
            @Override
            public boolean add(Row r) {
                System.err.printf("[row] %s 2^%d %s resident %.3f ms, total %.3f ms, %s%n", r.op, r.lg, r.backend,
                        r.residentMs, r.totalMs, r.note);
                return super.add(r);
            }
        };
        Map<String, long[]> firstResult = new HashMap<>();
        Map<String, String> agree = new HashMap<>();
        List<String> notRun = new ArrayList<>();
        for (int lg : sizes(opt.get("ntt"))) {
            long[] data = randomFr(lg, new SplittableRandom(lg));
            if (lg <= CPU_MAX_LG_NTT) {
                long[] cpu = data.clone();
                FrDomain dom = new FrDomain(lg, Fr.RootFamily.SNARKJS_5);
                double cpuMs = median(reps, () -> {
                    long[] v = data.clone();
                    dom.fft(v);
                });
                dom.fft(cpu);
                firstResult.put("ntt" + lg, cpu);
                rows.add(new Row("ntt", lg, "cpu field-arith", Double.NaN, cpuMs, "FrDomain.fft, all cores"));
            }
            for (KernelHost h : hosts) {
                if (!isGpu(h) && lg > JVM_MAX_LG_NTT) {
                    notRun.add("ntt 2^" + lg + " on " + h.name() + ": not a GPU (CPU devices run NTTs up to 2^"
                            + JVM_MAX_LG_NTT + ")");
                    continue;
                }
                rows.add(benchNtt(h, lg, data, reps, firstResult, agree));
                if (isGpu(h)) {
                    rows.add(benchNttHost(h, lg, data, reps, firstResult, agree));
                }
            }
        }
        for (int d = 1; d <= 2; d++) {
            for (int lg : sizes(opt.get(d == 1 ? "msm1" : "msm2"))) {
                long[] bases = repeatedBases(d, 1 << lg);
                long[] scalars = randomScalars(1 << lg, new SplittableRandom(100 + lg));
                if (lg <= CPU_MAX_LG_MSM) {
                    jzk.arith.Curve curve = d == 1 ? jzk.arith.G1.CURVE : jzk.arith.G2.CURVE;
                    long[][] jac = new long[1][];
                    double cpuMs = median(reps, () -> jac[0] = jzk.arith.Pippenger.msm(curve, bases, scalars, 1 << lg));
                    long[] aff = new long[curve.affineLongs()];
                    curve.toAffine(aff, 0, jac[0], 0);
                    String op = d == 1 ? "msm G1" : "msm G2";
                    firstResult.put(op + lg, aff);
                    rows.add(new Row(op, lg, "cpu field-arith", Double.NaN, cpuMs, "Pippenger, all cores"));
                }
                for (KernelHost h : hosts) {
                    if (!isGpu(h) && lg > JVM_MAX_LG_MSM) {
                        notRun.add((d == 1 ? "msm G1" : "msm G2") + " 2^" + lg + " on " + h.name()
                                + ": not a GPU (CPU devices run MSMs up to 2^" + JVM_MAX_LG_MSM + ")");
                        continue;
                    }
                    for (int items : msmItems) {
                        rows.add(benchMsm(h, d, lg, bases, scalars, reps, 1 << items, firstResult, agree));
                    }
                    rows.add(benchSortedMsm(h, d, lg, bases, scalars, reps, firstResult, agree));
                }
            }
        }
        double zeros = Double.parseDouble(opt.getOrDefault("zeros", "0.47"));
        double ones = Double.parseDouble(opt.getOrDefault("ones", "0.43"));
        if (zeros < 0 || ones < 0 || zeros + ones > 1) {
            throw new IllegalArgumentException("zeros=" + zeros + " ones=" + ones + " is not a share of scalars");
        }
        for (int d = 1; d <= 2; d++) {
            for (int lg : sizes(opt.get(d == 1 ? "msm1mix" : "msm2mix"))) {
                long[] bases = repeatedBases(d, 1 << lg);
                long[] scalars = mixedScalars(1 << lg, zeros, ones, new SplittableRandom(200 + lg));
                if (lg <= CPU_MAX_LG_MSM) {
                    // field-arith's Pippenger, which sums the ones apart unless -Djzk.msm.split=false
                    jzk.arith.Curve curve = d == 1 ? jzk.arith.G1.CURVE : jzk.arith.G2.CURVE;
                    long[][] jac = new long[1][];
                    double cpuMs = median(reps, () -> jac[0] = jzk.arith.Pippenger.msm(curve, bases, scalars, 1 << lg));
                    long[] aff = new long[curve.affineLongs()];
                    curve.toAffine(aff, 0, jac[0], 0);
                    String op = (d == 1 ? "msm G1" : "msm G2")
                            + String.format(" mix %.0f%%/%.0f%%", 100 * zeros, 100 * ones);
                    firstResult.put(op + lg, aff);
                    rows.add(new Row(op + " cpu", lg, "cpu field-arith", Double.NaN, cpuMs, "Pippenger, all cores, "
                            + "ones " + (jzk.arith.Pippenger.SPLIT_ONES ? "summed apart" : "in the windows")));
                }
                for (KernelHost h : hosts) {
                    if (!isGpu(h) && lg > JVM_MAX_LG_MIX) {
                        continue;
                    }
                    rows.addAll(benchMixMsm(h, d, lg, bases, scalars, zeros, ones, reps, firstResult, agree));
                }
            }
        }
        for (String field : List.of("frmul", "fpmul")) {
            // frmul=1 / fpmul=1: 2^20 threads on a GPU, 2^10 elsewhere; frmulSizes=LG,… the thread counts asked for
            if (!opt.containsKey(field)) {
                continue;
            }
            List<Integer> frSizes = sizes(opt.get("frmulSizes"));
            for (KernelHost h : hosts) {
                boolean gpu = isGpu(h);
                for (int lg : frSizes.isEmpty() ? List.of(gpu ? 20 : 10) : frSizes) {
                    rows.add(benchMulChain(h, lg, gpu ? 1000 : 10, field.equals("fpmul")));
                }
            }
        }
        print(rows, agree);
        for (String n : notRun) {
            System.out.println("not run: " + n);
        }
        for (KernelHost h : hosts) {
            h.close();
        }
    }

    /** CUDA or NVIDIA OpenCL: the backends that run the large sizes (jvm and CPU OpenCL run only small ones). */
    static boolean isGpu(KernelHost h) {
        return h.name().startsWith("cuda") || h.name().contains("NVIDIA");
    }

    private static List<Integer> sizes(String spec) {
        List<Integer> r = new ArrayList<>();
        if (spec != null && !spec.isBlank()) {
            for (String s : spec.split(",")) {
                r.add(Integer.parseInt(s.trim()));
            }
        }
        return r;
    }

    /** Once a timed run takes longer than this, no further reps are run (the median is of those measured). */
    private static final double SLOW_MS = 2500;

    /** Wall times of one measurement: the discarded warm-up run and the timed reps, in ms. */
    record Timing(double warmMs, double[] repMs) {
        double median() {
            double[] t = repMs.clone();
            Arrays.sort(t);
            return t[t.length / 2];
        }

        /** "warm W; reps a/b/c" for the row notes, so one slow rep can be told from all reps being slow. */
        String text() {
            StringBuilder b = new StringBuilder(String.format("warm %.1f; reps", warmMs));
            for (int i = 0; i < repMs.length; i++) {
                // sub-10 ms rows (NTT 2^20: 0.27-0.30 ms) to the µs, so their spread shows
                b.append(i == 0 ? " " : "/").append(String.format(repMs[i] < 10 ? "%.3f" : "%.1f", repMs[i]));
            }
            return b.toString();
        }
    }

    /**
     * One untimed warm-up run (kernel compilation, first allocations: NVIDIA OpenCL compiles the MSM kernels in
     * seconds, which runs 5–6 counted as the measurement when the warm-up was slow), then {@code reps} timed runs,
     * stopping early after a run slower than {@link #SLOW_MS}.
     */
    /**
     * Untimed runs before each row's timed ones ({@code warm=N}, at least 1; after the first, no more start once
     * {@link #WARM_BUDGET_NANOS} have passed): more than one keeps the GPU at its clocks and the JVM's launch path
     * compiled before a sub-millisecond kernel is timed (H200, session 8 call 2: NTT 2^20 0.615 ms with 1, 0.422 ms
     * with 300; the reps of the first fall from 1.0 to 0.5 ms; the device time of one transform is 0.39 ms).
     */
    private static int warm = 1;
    /** Wall time after which no further warm-up run of a row starts: 1 s. */
    private static final long WARM_BUDGET_NANOS = 1_000_000_000L;

    static Timing time(int reps, Runnable r) {
        long w0 = System.nanoTime();
        r.run();
        double warm = (System.nanoTime() - w0) / 1e6;
        long until = w0 + WARM_BUDGET_NANOS;
        for (int i = 1; i < BlsBench.warm && System.nanoTime() < until; i++) {
            r.run();
        }
        double[] t = new double[reps];
        int done = 0;
        while (done < reps) {
            long t0 = System.nanoTime();
            r.run();
            t[done++] = (System.nanoTime() - t0) / 1e6;
            if (t[done - 1] > SLOW_MS) {
                break;
            }
        }
        return new Timing(warm, Arrays.copyOf(t, done));
    }

    static double median(int reps, Runnable r) {
        return time(reps, r).median();
    }

    /**
     * Resident: the forward NTT on data already on the device. With transfers: the data copied from a host
     * {@code long[]} (Montgomery Fr, 4 longs each) and back into one ({@link KernelHost#write(KernelHost.Buffer,
     * long, long[], int, int)} / {@link KernelHost#read(KernelHost.Buffer, long, long[], int, int)}, as
     * {@link BlsGpu#ntt} does), around the same plan.
     */
    private static Row benchNtt(KernelHost h, int lg, long[] data, int reps, Map<String, long[]> first,
                                Map<String, String> agree) {
        try (Ntt plan = new Ntt(h, lg, Fr.RootFamily.SNARKJS_5); KernelHost.Buffer buf = h.allocate(2L * data.length)) {
            h.write(buf, 0, data, 0, data.length);
            Timing residentT = time(reps, () -> {
                plan.forward(buf);
                h.finish();
            });
            long[] out = new long[data.length];
            Timing totalT = time(reps, () -> {
                h.write(buf, 0, data, 0, data.length);
                plan.forward(buf);
                h.read(buf, 0, out, 0, out.length);
            });
            record(first, agree, "ntt" + lg, h.name(), out.clone());
            if (h instanceof DeviceHost dh && dh.device().info().kind() == jzk.tornado.api.DeviceKind.JVM) {
                // no device memory: "with transfers" would time two array copies inside the run-to-run noise of
                // a JIT-compiled kernel (rows read "resident 125 ms, with transfers 108 ms")
                return new Row("ntt", lg, h.name(), residentT.median(), Double.NaN, "forward, snarkjs roots; "
                        + "jvm device: data in host memory, no transfers; resident " + residentT.text());
            }
            return new Row("ntt", lg, h.name(), residentT.median(), totalT.median(), "forward, snarkjs roots; "
                    + "resident " + residentT.text() + "; with transfers " + totalT.text());
        }
    }

    /**
     * "With transfers" as sppark's row means it: the data in pinned host memory ({@link KernelHost#allocateHost}), the
     * call allocates a device buffer, copies in, transforms, copies out and frees it ({@link Ntt#forward(MemorySegment)}:
     * column blocks, each copy overlapping the first or last pass; {@code jzk.ntt.hostChunks} blocks). The result must
     * equal the resident row's (the first result at this size).
     */
    private static Row benchNttHost(KernelHost h, int lg, long[] data, int reps, Map<String, long[]> first,
                                    Map<String, String> agree) {
        ValueLayout.OfLong le = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        try (Ntt plan = new Ntt(h, lg, Fr.RootFamily.SNARKJS_5); var mem = h.allocateHost(8L * data.length)) {
            MemorySegment seg = mem.segment();
            MemorySegment.copy(data, 0, seg, le, 0, data.length);
            plan.forward(seg);
            long[] result = seg.toArray(le);
            Timing t = time(reps, () -> plan.forward(seg)); // the timed runs transform the result again: same work
            long[] ref = first.get("ntt" + lg);
            agree.put("ntt pinned" + lg + "|" + h.name(), ref != null && Arrays.equals(ref, result) ? "yes" : "NO");
            return new Row("ntt pinned", lg, h.name(), Double.NaN, t.median(), "forward, snarkjs roots; pinned host "
                    + "memory, device buffer allocated and freed in the call; " + t.text());
        }
    }

    private static Row benchMsm(KernelHost h, int d, int lg, long[] bases, long[] scalars, int reps, int items,
                                Map<String, long[]> first, Map<String, String> agree) {
        String op = d == 1 ? "msm G1" : "msm G2";
        try (ResidentBases rb = d == 1 ? BlsGpu.residentG1(h, bases) : BlsGpu.residentG2(h, bases)) {
            long[][] out = new long[1][];
            Timing resident = time(reps, () -> out[0] = Msm.msm(rb, scalars, items));
            // with transfers: the bases upload (timed once) plus the resident call
            long t0 = System.nanoTime();
            try (ResidentBases again = d == 1 ? BlsGpu.residentG1(h, bases) : BlsGpu.residentG2(h, bases)) {
                h.finish();
            }
            double total = (System.nanoTime() - t0) / 1e6 + resident.median();
            record(first, agree, op + lg, h.name(), out[0]);
            Msm.Config cfg = Msm.choose(1 << lg, d, items);
            return new Row(op, lg, h.name(), resident.median(), total, "c=" + cfg.c() + " W=" + cfg.windows()
                    + " G=" + cfg.groups() + "; scalars from long[]; " + resident.text());
        }
    }

    /**
     * The sorted path ({@link SortedMsm}) on the same inputs: "resident" = bases and scalars on the device
     * ({@link SortedMsm#msm(ResidentBases, KernelHost.Buffer)}), "with transfers" = scalars uploaded from the
     * host {@code long[]} inside the call ({@link SortedMsm#msm(ResidentBases, long[])}); agrees = both give the
     * row's first result.
     */
    private static Row benchSortedMsm(KernelHost h, int d, int lg, long[] bases, long[] scalars, int reps,
                                      Map<String, long[]> first, Map<String, String> agree) {
        String op = d == 1 ? "msm G1" : "msm G2";
        long b0 = System.nanoTime();
        try (ResidentBases rb = d == 1 ? BlsGpu.residentG1(h, bases) : BlsGpu.residentG2(h, bases);
             KernelHost.Buffer sc = BlsGpu.uploadScalars(h, scalars)) {
            h.finish();
            double basesMs = (System.nanoTime() - b0) / 1e6; // bases and scalars uploaded once, not in the medians
            long[][] out = new long[2][];
            // -Djzk.bench.msmPhases=true: every resident call profiled (a device wait after each phase) and its
            // phases printed, to see where a slow repetition spends its time
            Runnable residentCall = !MSM_PHASES ? () -> out[0] = SortedMsm.msm(rb, sc) : () -> {
                long[] p = SortedMsm.profiled(() -> out[0] = SortedMsm.msm(rb, sc));
                System.err.printf("[phases] %s 2^%d %s: upload %.1f, check %.1f, hist %.1f, host %.1f, scatter %.1f,"
                        + " sums %.1f, reduce %.1f ms%n", op, lg, h.name(), p[0] / 1e6, p[1] / 1e6, p[2] / 1e6,
                        p[3] / 1e6, p[4] / 1e6, p[5] / 1e6, p[6] / 1e6);
            };
            Timing resident = time(reps, residentCall);
            Timing total = time(reps, () -> out[1] = SortedMsm.msm(rb, scalars));
            long[] ref = first.putIfAbsent(op + lg, out[0]);
            boolean same = (ref == null || Arrays.equals(ref, out[0])) && Arrays.equals(out[0], out[1]);
            agree.put(op + " sorted" + lg + "|" + h.name(), same ? "yes" : "NO");
            int c = SortedMsm.chooseC(1 << lg);
            // one more call with a device wait after each phase, for the phase split in the note
            long[] ph = SortedMsm.profiled(() -> SortedMsm.msm(rb, scalars));
            return new Row(op + " sorted", lg, h.name(), resident.median(), total.median(), "c=" + c + " W="
                    + (256 + c - 1) / c + String.format(" phases ms: upload %.1f, check %.1f, hist %.1f, host %.1f,"
                    + " scatter %.1f, sums %.1f, reduce %.1f", ph[0] / 1e6, ph[1] / 1e6, ph[2] / 1e6, ph[3] / 1e6,
                    ph[4] / 1e6, ph[5] / 1e6, ph[6] / 1e6) + String.format("; bases+scalars upload (once) %.1f",
                    basesMs) + "; resident " + resident.text() + "; with transfers " + total.text());
        }
    }

    /**
     * A witness-like scalar mix ({@link #mixedScalars}) over resident bases and device-resident scalars, plain
     * sorted path ({@link SortedMsm#msm(ResidentBases, KernelHost.Buffer)}) against the scalar-class split
     * ({@link SplitMsm#msm(ResidentBases, KernelHost.Buffer)}), side by side; each note gives the operation counts
     * of one more call ({@link MsmOps}); agrees = the two give the same affine point.
     */
    private static List<Row> benchMixMsm(KernelHost h, int d, int lg, long[] bases, long[] scalars, double zeros,
                                         double ones, int reps, Map<String, long[]> first,
                                         Map<String, String> agree) {
        String op = (d == 1 ? "msm G1" : "msm G2") + String.format(" mix %.0f%%/%.0f%%", 100 * zeros, 100 * ones);
        List<Row> out = new ArrayList<>();
        try (ResidentBases rb = d == 1 ? BlsGpu.residentG1(h, bases) : BlsGpu.residentG2(h, bases);
             KernelHost.Buffer sc = BlsGpu.uploadScalars(h, scalars)) {
            for (boolean split : new boolean[] {false, true}) {
                long[][] res = new long[1][];
                Runnable call = split ? () -> res[0] = SplitMsm.msm(rb, sc) : () -> res[0] = SortedMsm.msm(rb, sc);
                Timing t = time(reps, call);
                MsmOps ops = MsmOps.count(call);
                String rowOp = op + (split ? " split" : " plain");
                // both rows against the first result of the mix at this size (plain on the first backend)
                long[] ref = first.putIfAbsent(op + lg, res[0]);
                agree.put(rowOp + lg + "|" + h.name(), ref == null || Arrays.equals(ref, res[0]) ? "yes" : "NO");
                out.add(new Row(rowOp, lg, h.name(), t.median(), Double.NaN,
                        (split ? "SplitMsm" : "SortedMsm") + "; " + ops + "; " + t.text()));
            }
        }
        return out;
    }

    /**
     * Multiplication throughput of the probe kernel {@code frMulChain} (fp false) or {@code fpMulChain} (fp true) on
     * 2^lg threads. The inputs are random limbs below 2^254 (Fr: 8 limbs; Fp: 12 limbs, the top four zero), reduced
     * in both fields.
     */
    private static Row benchMulChain(KernelHost h, int lg, int iterations, boolean fp) {
        int n = 1 << lg;
        long[] x = randomFr(lg, new SplittableRandom(5));
        int[] x32 = Layout.split(x);
        if (fp) {
            int[] wide = new int[n * 12];
            for (int i = 0; i < n; i++) {
                System.arraycopy(x32, i * 8, wide, i * 12, 8);
            }
            x32 = wide;
        }
        try (KernelHost.Buffer b = h.allocate(x32.length)) {
            h.write(b, 0, x32, x32.length);
            java.lang.reflect.Method k = fp ? Kernels.of(FieldKernels::fpMulChain) : Kernels.of(FieldKernels::frMulChain);
            double ms = median(3, () -> {
                h.launch(k, n, 64, b, iterations, n);
                h.finish();
            });
            double perSecond = 2.0 * n * iterations / (ms / 1e3);
            String op = fp ? "Fp mul/s" : "Fr mul/s";
            return new Row(op, lg, h.name(), ms, Double.NaN,
                    String.format("%.3g %s (%d threads × %d)", perSecond, op, n, 2 * iterations));
        }
    }

    private static void record(Map<String, long[]> first, Map<String, String> agree, String key, String backend,
                               long[] result) {
        long[] ref = first.putIfAbsent(key, result);
        String verdict = ref == null || Arrays.equals(ref, result) ? "yes" : "NO";
        agree.put(key + "|" + backend, verdict);
    }

    private static void print(List<Row> rows, Map<String, String> agree) {
        Map<String, Double> ptx = new LinkedHashMap<>();
        Map<String, Double> ocl = new LinkedHashMap<>();
        for (Row r : rows) {
            double ms = Double.isNaN(r.residentMs) ? r.totalMs : r.residentMs; // rows of one column: that one
            if (r.backend.startsWith("cuda")) {
                ptx.put(r.op + r.lg + config(r.note), ms);
            } else if (r.backend.startsWith("opencl") && r.backend.contains("NVIDIA")) {
                ocl.put(r.op + r.lg + config(r.note), ms);
            }
        }
        System.out.println("| op | size | backend | median resident (ms) | median with transfers (ms) | PTX/OpenCL | agrees | note |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Row r : rows) {
            String key = r.op + r.lg;
            String rk = key + config(r.note);
            String ratio = ptx.containsKey(rk) && ocl.containsKey(rk) && r.backend.startsWith("cuda")
                    ? String.format("%.2f", ptx.get(rk) / ocl.get(rk)) : "";
            String ag = agree.getOrDefault(key.replace("Fr mul/s", "x") + "|" + r.backend, "");
            System.out.printf("| %s | 2^%d | %s | %s | %s | %s | %s | %s |%n", r.op, r.lg, r.backend,
                    fmt(r.residentMs), fmt(r.totalMs), ratio, ag, r.note);
        }
        if (ptx.isEmpty() || ocl.isEmpty()) {
            System.out.println();
            System.out.println("PTX/OpenCL (resident cuda ÷ resident NVIDIA OpenCL, same row) is empty: it needs "
                    + "both a cuda device and NVIDIA's OpenCL in one run (--device cuda:0,opencl:P:D).");
        }
    }

    /** The configuration part of a note (before the timings), which pairs PTX and OpenCL rows. */
    private static String config(String note) {
        return note.split(";| phases")[0];
    }

    private static String fmt(double ms) {
        return Double.isNaN(ms) ? "" : String.format("%.3f", ms);
    }

    static long[] randomFr(int lg, SplittableRandom rnd) {
        int n = 1 << lg;
        long[] v = new long[n * 4];
        for (int i = 0; i < n; i++) {
            // below 2^254 < r, so the limbs are a valid (Montgomery-form) reduced element
            v[i * 4] = rnd.nextLong();
            v[i * 4 + 1] = rnd.nextLong();
            v[i * 4 + 2] = rnd.nextLong();
            v[i * 4 + 3] = rnd.nextLong() >>> 2;
        }
        return v;
    }

    static long[] randomScalars(int n, SplittableRandom rnd) {
        long[] v = new long[n * 4];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i % 4 == 3) ? rnd.nextLong() >>> 2 : rnd.nextLong();
        }
        return v;
    }

    /**
     * n canonical scalars: 0 with probability {@code zeros}, 1 with probability {@code ones}, else uniform below
     * 2^254 (the witness of a PoRep partition: bits of SHA-256 and Merkle paths, the rest full field elements).
     */
    static long[] mixedScalars(int n, double zeros, double ones, SplittableRandom rnd) {
        long[] v = new long[n * 4];
        for (int i = 0; i < n; i++) {
            double u = rnd.nextDouble();
            if (u < zeros) {
                continue;
            }
            if (u < zeros + ones) {
                v[4 * i] = 1;
                continue;
            }
            for (int k = 0; k < 4; k++) {
                v[4 * i + k] = k == 3 ? rnd.nextLong() >>> 2 : rnd.nextLong();
            }
        }
        return v;
    }

    /** Points (j+1)·G for j < 1024, repeated to n points, in the project layout. */
    static long[] repeatedBases(int d, int n) {
        String[] hex = d == 1 ? G1_HEX : G2_HEX;
        long[] g = new long[12 * d];
        for (int i = 0; i < 2 * d; i++) {
            Fp.F.fromBigInteger(g, 6 * i, new BigInteger(hex[i], 16));
        }
        int[] g32 = Layout.split(g);
        int distinct = Math.min(n, DISTINCT_POINTS);
        long[] table = new long[distinct * 12 * d];
        int[] acc = new int[48 * d];
        for (int j = 0; j < distinct; j++) {
            Xyzz.addAffine(d, acc, 0, g32, 0, false);
            System.arraycopy(Msm.toAffine(d, acc), 0, table, j * 12 * d, 12 * d);
        }
        long[] out = new long[n * 12 * d];
        for (int i = 0; i < n; i++) {
            System.arraycopy(table, (i % distinct) * 12 * d, out, i * 12 * d, 12 * d);
        }
        return out;
    }
}
