package jzk.bench.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.api.Kernels;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.runtime.ConformanceRunner;
import jzk.tornado.runtime.DeviceRegistry;
import jzk.tornado.runtime.RowCopyChecks;
import jzk.tornado.runtime.SelfTestKernels;
import jzk.tornado.runtime.TestDevices;

/**
 * Checks the devices of a machine without Maven (for the GPU host, through the jlinked bundle): lists devices and
 * backend problems, then on every CUDA / OpenCL device runs the hand-written kernels, the same kernels through the
 * JIT, the JIT conformance cases ({@code jzk.tornado.conformance.ConformanceCases}, from tornado-kernels' test
 * jar), a multi-threaded launch check, each compared bit for bit with the jvm device, and the row-copy and
 * cross-stream wait checks ({@link RowCopyChecks}),
 * and prints {@code N passed, M failed} per device. Exit status 1 if anything failed.
 *
 * <p>Options: {@code --list} prints the device listing only; {@code --bench[=LG]} also measures {@link SelfTestKernels#mulAddHi} over 2^LG (default 26) resident
 * elements on each GPU, JIT-compiled and hand-written; {@code --rows[=LG]} measures row (2D) copies of 2^LG (default
 * 24) 32-byte elements ({@link RowCopyBench}); {@code --device NAME} limits the run to one device.
 */
public final class SelfTest {
    private static final long SEED = 0x5EED_C0DEL;

    private SelfTest() {
    }

    public static void main(String[] args) {
        int benchLg = -1;
        int rowsLg = -1;
        String only = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--bench")) {
                benchLg = args[i].contains("=") ? Integer.parseInt(args[i].substring(args[i].indexOf('=') + 1)) : 26;
            } else if (args[i].startsWith("--rows")) {
                rowsLg = args[i].contains("=") ? Integer.parseInt(args[i].substring(args[i].indexOf('=') + 1)) : 24;
            } else if (args[i].equals("--list")) {
                System.out.print(jzk.tornado.runtime.Devices.describe());
                System.exit(0);
            } else if (args[i].equals("--device") && i + 1 < args.length) {
                only = args[++i];
            } else {
                System.err.println("usage: SelfTest [--list] [--bench[=LG]] [--rows[=LG]] [--device NAME]");
                System.exit(2);
            }
        }
        int failed = 0;
        try (DeviceRegistry reg = DeviceRegistry.scan(RuntimeConfig.fromEnvironment())) {
            System.out.println("== devices\n" + reg.describe());
            Device jvm = reg.get("jvm");
            List<Device> targets = new ArrayList<>();
            for (Device d : reg.devices()) {
                if (d.info().kind() != DeviceKind.JVM && (only == null || d.name().equals(only))) {
                    targets.add(d);
                }
            }
            if (targets.isEmpty()) {
                System.out.println("no CUDA or OpenCL device to check: " + reg.backends());
            }
            List<String> summary = new ArrayList<>();
            for (Device d : targets) {
                List<ConformanceRunner.Outcome> outcomes = check(d, jvm);
                long bad = outcomes.stream().filter(o -> !o.passed()).count();
                failed += (int) bad;
                outcomes.stream().filter(o -> !o.passed()).forEach(o -> System.out.println("  " + o));
                String line = d.name() + " (" + d.info().deviceName() + "): " + (outcomes.size() - bad) + " passed, "
                        + bad + " failed";
                System.out.println(line);
                summary.add(line);
            }
            if (benchLg > 0) {
                Bench.run(targets, benchLg);
            }
            if (rowsLg > 0) {
                RowCopyBench.run(targets, rowsLg);
            }
            System.out.println("== summary");
            summary.forEach(System.out::println);
        }
        System.exit(failed == 0 ? 0 : 1);
    }

    /** Every check on one device. */
    static List<ConformanceRunner.Outcome> check(Device d, Device jvm) {
        System.out.println("== " + d.name());
        List<ConformanceRunner.Outcome> out = new ArrayList<>();
        ConformanceRunner.Case mul = new ConformanceRunner.Case("mulAddHi", Kernels.of(SelfTestKernels::mulAddHi),
                1 << 16, 128, seed -> new Object[] {null, TestDevices.randomLongs(1 << 16, seed),
                    TestDevices.randomLongs(1 << 16, seed + 1), new long[1 << 16]});
        ConformanceRunner.Case sum = new ConformanceRunner.Case("groupSum", Kernels.of(SelfTestKernels::groupSum),
                1 << 14, 256, seed -> new Object[] {null, TestDevices.randomLongs(1 << 14, seed),
                    new long[(1 << 14) / 256]});
        for (ConformanceRunner.Case c : List.of(mul, sum)) {
            out.add(handWritten(d, jvm, c));
            out.add(report(ConformanceRunner.run(d, jvm, c, SEED), "jit "));
        }
        for (ConformanceRunner.Case c : conformanceCases()) {
            out.add(report(ConformanceRunner.run(d, jvm, c, SEED), "conformance "));
        }
        out.add(concurrent(d, jvm, mul));
        out.addAll(rowCopies(d, jvm));
        return out;
    }

    private static ConformanceRunner.Outcome handWritten(Device d, Device jvm, ConformanceRunner.Case c) {
        KernelParam.Kind la = KernelParam.Kind.LONG_ARRAY;
        List<KernelParam> params = c.name().equals("mulAddHi")
                ? List.of(new KernelParam("a", la), new KernelParam("b", la), new KernelParam("r", la))
                : List.of(new KernelParam("in", la), new KernelParam("out", la));
        boolean cuda = d.info().kind() == DeviceKind.CUDA;
        String text = TestDevices.resource(c.name() + (cuda ? ".ptx" : ".cl"));
        DeviceKernel k;
        try {
            k = d.kernelFromSource(new KernelSource(cuda ? KernelSource.Language.PTX : KernelSource.Language.OPENCL_C,
                    c.name(), text, params, c.name().equals("groupSum")));
        } catch (RuntimeException e) {
            return report(new ConformanceRunner.Outcome(d.name(), c.name(), false, e.toString()), "hand-written ");
        }
        return report(ConformanceRunner.run(d, k, jvm, c, SEED), "hand-written ");
    }

    /**
     * Several threads launching on the one device at once, each on its own data: two on the device's own stream,
     * two on streams of their own ({@link Device#openStream()}).
     */
    private static ConformanceRunner.Outcome concurrent(Device d, Device jvm, ConformanceRunner.Case c) {
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Device> streams = new ArrayList<>();
        try {
            List<Future<ConformanceRunner.Outcome>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = SEED + 100 * t;
                Device target = t % 2 == 0 ? d : d.openStream();
                if (target != d) {
                    streams.add(target);
                }
                fs.add(pool.submit(() -> {
                    ConformanceRunner.Outcome o = null;
                    for (int rep = 0; rep < 5; rep++) {
                        o = ConformanceRunner.run(target, jvm, c, seed + rep);
                        if (!o.passed()) {
                            return o;
                        }
                    }
                    return o;
                }));
            }
            for (Future<ConformanceRunner.Outcome> f : fs) {
                ConformanceRunner.Outcome o = f.get();
                if (!o.passed()) {
                    return report(o, "threads ");
                }
            }
            return report(new ConformanceRunner.Outcome(d.name(), c.name(), true, ""), threads + " threads/2 streams ");
        } catch (Exception e) {
            return report(new ConformanceRunner.Outcome(d.name(), c.name(), false, e.toString()), "threads ");
        } finally {
            pool.shutdownNow();
            streams.forEach(Device::close);
        }
    }

    /** {@link RowCopyChecks}: row (2D) copies both ways and a device-side wait of one stream for another's fence. */
    private static List<ConformanceRunner.Outcome> rowCopies(Device d, Device jvm) {
        Map<String, Runnable> checks = new LinkedHashMap<>();
        checks.put("rowsToDevice", () -> RowCopyChecks.rowsToDevice(d));
        checks.put("rowsToHost", () -> RowCopyChecks.rowsToHost(d));
        checks.put("sidesOfDifferentSizes", () -> RowCopyChecks.sidesOfDifferentSizes(d));
        checks.put("badRectangles", () -> RowCopyChecks.badRectangles(d));
        checks.put("crossStreamWait", () -> RowCopyChecks.crossStreamWait(d, jvm));
        List<ConformanceRunner.Outcome> out = new ArrayList<>();
        checks.forEach((name, check) -> {
            String detail = "";
            try {
                check.run();
            } catch (AssertionError | RuntimeException e) {
                detail = e.toString();
            }
            out.add(report(new ConformanceRunner.Outcome(d.name(), name, detail.isEmpty(), detail), "row copies "));
        });
        return out;
    }

    private static ConformanceRunner.Outcome report(ConformanceRunner.Outcome o, String prefix) {
        ConformanceRunner.Outcome r = new ConformanceRunner.Outcome(o.device(), prefix + o.caseName(), o.passed(),
                o.detail());
        System.out.println("  " + r);
        return r;
    }

    /** The JIT's conformance cases (tornado-kernels' test classes, a dependency of this module). */
    static List<ConformanceRunner.Case> conformanceCases() {
        List<ConformanceRunner.Case> out = new ArrayList<>();
        for (ConformanceCases.Case c : ConformanceCases.CASES) {
            out.add(new ConformanceRunner.Case(c.name(), c.method(), c.globalSize(), c.localSize(), c::arguments));
        }
        return out;
    }

    /** Fills a segment with seeded random longs. */
    static void fill(MemorySegment s, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long n = s.byteSize() / 8;
        for (long i = 0; i < n; i++) {
            s.setAtIndex(ValueLayout.JAVA_LONG, i, r.nextLong());
        }
    }
}
