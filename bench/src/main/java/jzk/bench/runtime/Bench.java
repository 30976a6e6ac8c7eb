package jzk.bench.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import jzk.bench.BenchConfig;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.api.Kernels;
import jzk.tornado.runtime.SelfTestKernels;
import jzk.tornado.runtime.TestDevices;

/**
 * Throughput of {@link SelfTestKernels#mulAddHi} with resident data: 2^lg elements, three arrays of 8-byte
 * elements (two read, one written: 24 bytes per element), local size 256, 3 warm-up launches then 10 timed
 * launches (device timers: CUDA events / OpenCL profiling); the median is reported. Results are spot-checked
 * against the host formula. Pinned host memory feeds the copies, whose bandwidth is reported too. Also an
 * arithmetic-bound chain of the same step, and the host cost of a launch.
 */
final class Bench {
    private static final int LOCAL = 256;
    private static final int REPS = 10;

    private Bench() {
    }

    record Row(String device, String variant, long elements, long medianNanos, long bestNanos, double copyGBps) {
        double elementsPerSecond() {
            return elements / (medianNanos * 1e-9);
        }

        double gigabytesPerSecond() {
            return 24.0 * elements / medianNanos;
        }

        @Override
        public String toString() {
            return String.format("BENCH %-12s %-12s n=%d median %.3f ms (best %.3f ms): %.2f G elem/s, %.1f GB/s;"
                            + " H2D pinned copy %.1f GB/s", device, variant, elements, medianNanos / 1e6,
                    bestNanos / 1e6, elementsPerSecond() / 1e9, gigabytesPerSecond(), copyGBps);
        }
    }

    static List<Row> run(List<Device> devices, int lg) {
        System.out.println("== bench: r[i] = a[i]*b[i] + unsignedMultiplyHigh(a[i], b[i]), n = 2^" + lg);
        List<Row> rows = new ArrayList<>();
        java.util.Map<String, Double> chainRates = new java.util.LinkedHashMap<>();
        for (Device d : devices) {
            if (!d.info().isGpu() && !BenchConfig.get().cpuDevices()) {
                System.out.println("BENCH " + d.name() + ": skipped (not a GPU; -Djzk.bench.cpu=true to include)");
                continue;
            }
            for (String variant : List.of("jit", "hand-written")) {
                try {
                    Row r = measure(d, variant, lg);
                    System.out.println(r);
                    rows.add(r);
                } catch (RuntimeException e) {
                    System.out.println("BENCH " + d.name() + " " + variant + " FAILED: " + e);
                }
            }
            try {
                chainRates.put(d.name(), chain(d, lg));
            } catch (RuntimeException e) {
                System.out.println("BENCH " + d.name() + " mulAddHiChain FAILED: " + e);
            }
            try {
                latency(d);
            } catch (RuntimeException e) {
                System.out.println("BENCH " + d.name() + " launch latency FAILED: " + e);
            }
        }
        for (String variant : List.of("jit", "hand-written")) {
            Row ptx = rows.stream().filter(r -> r.variant.equals(variant) && r.device.startsWith("cuda:"))
                    .findFirst().orElse(null);
            Row ocl = rows.stream().filter(r -> r.variant.equals(variant) && r.device.startsWith("opencl:"))
                    .findFirst().orElse(null);
            if (ptx != null && ocl != null) {
                System.out.printf("BENCH ratio %s PTX/OpenCL (%s vs %s): %.3f%n", variant, ptx.device, ocl.device,
                        ptx.elementsPerSecond() / ocl.elementsPerSecond());
            }
        }
        String cuda = chainRates.keySet().stream().filter(n -> n.startsWith("cuda:")).findFirst().orElse(null);
        String ocl = chainRates.keySet().stream().filter(n -> n.startsWith("opencl:")).findFirst().orElse(null);
        if (cuda != null && ocl != null) {
            System.out.printf("BENCH ratio jit-chain PTX/OpenCL (%s vs %s): %.3f%n", cuda, ocl,
                    chainRates.get(cuda) / chainRates.get(ocl));
        }
        return rows;
    }

    private static Row measure(Device d, String variant, int lg) {
        long n = 1L << lg;
        long bytes = 8 * n;
        DeviceKernel k;
        if (variant.equals("jit")) {
            k = d.kernel(Kernels.of(SelfTestKernels::mulAddHi));
        } else {
            boolean cuda = d.info().kind() == DeviceKind.CUDA;
            KernelParam.Kind la = KernelParam.Kind.LONG_ARRAY;
            k = d.kernelFromSource(new KernelSource(cuda ? KernelSource.Language.PTX : KernelSource.Language.OPENCL_C,
                    "mulAddHi", TestDevices.resource("mulAddHi" + (cuda ? ".ptx" : ".cl")),
                    List.of(new KernelParam("a", la), new KernelParam("b", la), new KernelParam("r", la)), false));
        }
        try (Device.HostMemory ha = d.allocatePinned(bytes); Device.HostMemory hb = d.allocatePinned(bytes);
             Device.HostMemory hr = d.allocatePinned(bytes); DeviceBuffer da = d.allocate(bytes);
             DeviceBuffer db = d.allocate(bytes); DeviceBuffer dr = d.allocate(bytes)) {
            SelfTest.fill(ha.segment(), 1);
            SelfTest.fill(hb.segment(), 2);
            Device.Span copy = d.startSpan();
            d.copyToDeviceAsync(ha.segment(), da, 0);
            d.copyToDeviceAsync(hb.segment(), db, 0);
            long copyNanos = copy.stopNanos();
            for (int i = 0; i < 3; i++) {
                d.launch(k, n, LOCAL, da, db, dr);
            }
            d.synchronize();
            long[] t = new long[REPS];
            for (int i = 0; i < REPS; i++) {
                t[i] = d.launchTimed(k, n, LOCAL, da, db, dr);
            }
            d.copyToHost(dr, 0, hr.segment());
            verify(ha.segment(), hb.segment(), hr.segment(), n);
            Arrays.sort(t);
            return new Row(d.name(), variant, n, t[REPS / 2], t[0], 2.0 * bytes / copyNanos);
        }
    }

    /**
     * Arithmetic throughput: {@link SelfTestKernels#mulAddHiChain} with 256 rounds over 2^(lg-4) elements (JIT),
     * median of 5 timed launches, spot-checked against the host.
     */
    private static double chain(Device d, int lg) {
        int n = 1 << Math.max(8, lg - 4);
        int rounds = 256;
        DeviceKernel k = d.kernel(Kernels.of(SelfTestKernels::mulAddHiChain));
        long[] a = TestDevices.randomLongs(n, 5);
        long[] b = TestDevices.randomLongs(n, 6);
        try (DeviceBuffer da = d.allocate(8L * n); DeviceBuffer db = d.allocate(8L * n);
             DeviceBuffer dr = d.allocate(8L * n)) {
            d.copyToDevice(a, 0, da, 0, n);
            d.copyToDevice(b, 0, db, 0, n);
            d.launch(k, n, LOCAL, da, db, dr, rounds);
            long[] t = new long[5];
            for (int i = 0; i < t.length; i++) {
                t[i] = d.launchTimed(k, n, LOCAL, da, db, dr, rounds);
            }
            long[] r = new long[n];
            d.copyToHost(dr, 0, r, 0, n);
            for (int i = 0; i < n; i += Math.max(1, n / 1024)) {
                long x = a[i];
                for (int s = 0; s < rounds; s++) {
                    x = x * b[i] + Math.unsignedMultiplyHigh(x, b[i]);
                }
                if (x != r[i]) {
                    throw new IllegalStateException("wrong result at element " + i);
                }
            }
            Arrays.sort(t);
            long median = t[t.length / 2];
            double steps = (double) n * rounds;
            System.out.printf("BENCH %-12s jit-chain    n=%d x %d rounds median %.3f ms: %.1f G steps/s "
                    + "(%.1f G 64-bit multiplies/s)%n", d.name(), n, rounds, median / 1e6, steps / median,
                    2 * steps / median);
            return steps / median;
        }
    }

    /**
     * Host cost of a launch after 20,000 warm-up launches: 2000 queued launches of a 256-item kernel (wall time per
     * launch, one synchronize at the end), and 200 launch + synchronize round trips.
     */
    private static void latency(Device d) {
        DeviceKernel k = d.kernel(Kernels.of(SelfTestKernels::mulAddHi));
        try (DeviceBuffer a = d.allocate(8 * 256); DeviceBuffer b = d.allocate(8 * 256);
             DeviceBuffer r = d.allocate(8 * 256)) {
            // warm-up long enough for the JVM to compile the launch path (about 2 us per launch afterwards on a
            // fake driver, 22 us while still interpreted)
            for (int i = 0; i < 20_000; i++) {
                d.launch(k, 256, 256, a, b, r);
            }
            d.synchronize();
            int queued = 2000;
            long t0 = System.nanoTime();
            for (int i = 0; i < queued; i++) {
                d.launch(k, 256, 256, a, b, r);
            }
            d.synchronize();
            long perQueued = (System.nanoTime() - t0) / queued;
            int trips = 200;
            t0 = System.nanoTime();
            for (int i = 0; i < trips; i++) {
                d.launch(k, 256, 256, a, b, r);
                d.synchronize();
            }
            long perTrip = (System.nanoTime() - t0) / trips;
            System.out.printf("BENCH %-12s launch latency: %.2f us per queued launch, %.2f us per launch+sync%n",
                    d.name(), perQueued / 1e3, perTrip / 1e3);
        }
    }

    private static void verify(MemorySegment a, MemorySegment b, MemorySegment r, long n) {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int s = 0; s < 4096; s++) {
            long i = s == 0 ? 0 : s == 1 ? n - 1 : rnd.nextLong(n);
            long x = a.getAtIndex(ValueLayout.JAVA_LONG, i);
            long y = b.getAtIndex(ValueLayout.JAVA_LONG, i);
            long expected = x * y + Math.unsignedMultiplyHigh(x, y);
            long got = r.getAtIndex(ValueLayout.JAVA_LONG, i);
            if (got != expected) {
                throw new IllegalStateException("wrong result at element " + i + ": expected 0x"
                        + Long.toHexString(expected) + ", got 0x" + Long.toHexString(got));
            }
        }
    }
}
