package jzk.bench.kernels;

import java.util.Map;
import java.util.SplittableRandom;
import jzk.arith.Fr;
import jzk.tornado.api.Device;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.Ntt;
import jzk.tornado.bls.kernels.NttKernels;
import jzk.tornado.runtime.Devices;

/**
 * What a launch costs the host, apart from the kernel (issue 11: at NTT 2^20 BlsBench's resident time, 0.54 ms, is
 * 0.16 ms above the two passes' device time in Nsight Compute; sppark's host time is 15 µs above its events).
 * On one device, with a kernel that does nothing ({@link NttKernels#mulByPowers} with n = 0, one work-group):
 * <ol>
 *   <li>the first launches of the process one by one (launch + finish each: JVM interpreter, then compiled);</li>
 *   <li>after {@code n} warm-up rounds: finish alone, launch + finish, and {@code n} launches queued then one
 *       finish (µs per launch), medians;</li>
 *   <li>the NTT 2^{@code lg} forward (as BlsBench's resident row: forward + finish), its first 21 runs, then 21 runs
 *       after {@code n} more, host time against the device time of the same runs (events around them).</li>
 * </ol>
 * Usage: {@code run.sh jzk.bench.kernels.LaunchProbe [device=cuda:0] [n=2000] [lg=20]}.
 */
public final class LaunchProbe {
    private LaunchProbe() {
    }

    public static void main(String[] args) {
        Map<String, String> opt = KeyValueArgs.parse(args);
        Device device = Devices.get(opt.getOrDefault("device", "cuda:0"));
        int n = Integer.parseInt(opt.getOrDefault("n", "2000"));
        int lg = Integer.parseInt(opt.getOrDefault("lg", "20"));
        var empty = Kernels.of(NttKernels::mulByPowers);
        try (DeviceHost h = new DeviceHost(device); KernelHost.Buffer b = h.allocate(64)) {
            Runnable launch = () -> h.launch(empty, 64, 64, b, b, b, 0, 0);
            double[] first = new double[20];
            for (int i = 0; i < first.length; i++) {
                long t0 = System.nanoTime();
                launch.run();
                h.finish();
                first[i] = (System.nanoTime() - t0) / 1e3;
            }
            System.out.printf("%s: first 20 launch+finish (us): %s%n", device.name(), fmt(first));
            for (int i = 0; i < n; i++) {
                launch.run();
                h.finish();
            }
            double sync = median(n, h::finish);
            double pair = median(n, () -> {
                launch.run();
                h.finish();
            });
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                launch.run();
            }
            h.finish();
            double queued = (System.nanoTime() - t0) / 1e3 / n;
            System.out.printf("after %d warm-up rounds: finish alone %.1f us, launch + finish %.1f us, "
                    + "%d launches queued then one finish %.2f us a launch%n", n, sync, pair, n, queued);

            long[] data = BlsBench.randomFr(lg, new SplittableRandom(lg));
            try (Ntt plan = new Ntt(h, lg, Fr.RootFamily.SNARKJS_5); KernelHost.Buffer buf = h.allocate(2L * data.length)) {
                h.write(buf, 0, data, 0, data.length);
                ntt(device, h, plan, buf, "first 21 runs");
                for (int i = 0; i < n; i++) {
                    plan.forward(buf);
                    h.finish();
                }
                ntt(device, h, plan, buf, "21 runs after " + n + " more");
            }
        }
    }

    private static void ntt(Device device, DeviceHost h, Ntt plan, KernelHost.Buffer buf, String what) {
        double[] host = new double[21];
        double[] dev = new double[21];
        for (int i = 0; i < host.length; i++) {
            long t0 = System.nanoTime();
            Device.Span s = device.startSpan();
            plan.forward(buf);
            dev[i] = s.stopNanos() / 1e3;
            host[i] = (System.nanoTime() - t0) / 1e3;
        }
        System.out.printf("NTT 2^%d forward, %s: host median %.1f us (forward + wait), device median %.1f us "
                + "(events around the two launches); host %s%n", plan.lgN, what, med(host), med(dev), fmt(host));
    }

    private static double median(int n, Runnable r) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            r.run();
            t[i] = (System.nanoTime() - t0) / 1e3;
        }
        return med(t);
    }

    private static double med(double[] t) {
        return new BlsBench.Timing(0, t).median();
    }

    private static String fmt(double[] t) {
        StringBuilder sb = new StringBuilder();
        for (double v : t) {
            sb.append(sb.isEmpty() ? "" : "/").append(String.format("%.0f", v));
        }
        return sb.toString();
    }
}
