package jzk.bench.kernels;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import jzk.tornado.api.Device;
import jzk.tornado.bls.CopyPipeline;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.runtime.Devices;

/**
 * The staged {@code long[]} copies of {@link DeviceHost} in isolation (issue 11: NTT 2^24 "with transfers" spends
 * ≈ 30 ms of 37.7 on 1 GiB of copies): the rate of the host pass alone (Java heap → pinned memory and back, by a
 * {@link CopyPipeline} with 1, 2, … threads over a device that copies nothing), then
 * {@link KernelHost#write}/{@link KernelHost#read} of the whole array to a device buffer per {@code jzk.copy.threads}
 * setting ({@code 0}: the session-6 two-halves copy). GB/s are 10^9 bytes per second, median of {@code reps}.
 *
 * <p>Usage: {@code run.sh jzk.bench.kernels.CopyBench [mib=512] [threads=0,1,2,4,8] [reps=5] [chunkMiB=2[,1,4,…]]
 * [device=cuda:0]}; without {@code device} only the host pass is measured (pinned memory of the jvm device: plain
 * native memory). The host pass competes with nothing here; in a staged copy it shares the memory bus with the DMA.
 */
public final class CopyBench {
    private CopyBench() {
    }

    public static void main(String[] args) {
        Map<String, String> opt = KeyValueArgs.parse(args);
        int mib = Integer.parseInt(opt.getOrDefault("mib", "512"));
        int reps = Integer.parseInt(opt.getOrDefault("reps", "5"));
        int[] chunkMiB = Arrays.stream(opt.getOrDefault("chunkMiB", "2").split(",")).map(String::trim)
                .mapToInt(Integer::parseInt).toArray();
        int chunkLongs = chunkMiB[0] << 17;
        int[] threads = Arrays.stream(opt.getOrDefault("threads", "0,1,2,4,8").split(",")).map(String::trim)
                .mapToInt(Integer::parseInt).toArray();
        int longs = mib << 17;
        long[] data = new long[longs];
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < longs; i++) {
            data[i] = rnd.nextLong();
        }
        long[] back = new long[longs];
        long bytes = 8L * longs;
        System.out.printf("copy bench: %d MiB, %d cores, reps %d, chunks of %s MiB%n", mib,
                Runtime.getRuntime().availableProcessors(), reps, opt.getOrDefault("chunkMiB", "2"));

        // the host pass alone: the pipeline's own striping over a device that queues nothing (no DMA, no wait)
        Device jvm = Devices.jvm();
        Device nothing = copiesNothing(jvm);
        for (int t : threads) {
            if (t < 1) {
                continue;
            }
            try (CopyPipeline p = new CopyPipeline(nothing, t, chunkLongs, chunkLongs);
                 jzk.tornado.api.DeviceBuffer none = jvm.allocate(8)) {
                double fill = median(reps, () -> p.write(data, 0, none, 0, longs));
                double drain = median(reps, () -> p.read(none, 0, back, 0, longs));
                System.out.printf("host pass, %2d threads: heap -> pinned %6.1f GB/s, pinned -> heap %6.1f GB/s%n", t,
                        bytes / fill / 1e9, bytes / drain / 1e9);
            }
        }

        String name = opt.get("device");
        if (name == null) {
            return;
        }
        Device device = Devices.get(name);
        for (int s = 0; s < chunkMiB.length; s++) {
            for (int t : threads) {
                if (t == 0 && s > 0) {
                    continue; // the session-6 copy has its own 32 MiB halves
                }
                deviceRow(device, t, chunkMiB[s], data, back, reps);
            }
        }
    }

    private static void deviceRow(Device device, int t, int chunkMiB, long[] data, long[] back, int reps) {
        int longs = data.length;
        long bytes = 8L * longs;
        String name = device.name();
        try (DeviceHost h = new DeviceHost(device, t, chunkMiB << 17); KernelHost.Buffer b = h.allocate(2L * longs)) {
            h.write(b, 0, data, 0, longs); // first use: pinned memory, threads, driver warm-up
            h.read(b, 0, back, 0, longs);
            double write = median(reps, () -> h.write(b, 0, data, 0, longs));
            Arrays.fill(back, 0);
            double read = median(reps, () -> h.read(b, 0, back, 0, longs));
            if (!Arrays.equals(data, back)) {
                throw new IllegalStateException(name + " threads " + t + ": read back differs from the source");
            }
            System.out.printf("%s, jzk.copy.threads=%d %s: write %6.1f GB/s (%.2f ms), read %6.1f GB/s (%.2f ms)%n",
                    name, t, t == 0 ? "(session 6)" : "chunkMiB=" + chunkMiB, bytes / write / 1e9, write * 1e3,
                    bytes / read / 1e9, read * 1e3);
        }
    }

    /**
     * {@code real}'s pinned memory and name, but asynchronous copies that copy nothing and fences that wait for
     * nothing: a {@link CopyPipeline} over it times its host pass alone.
     */
    private static Device copiesNothing(Device real) {
        Device.Fence done = new Device.Fence() {
            @Override
            public void await() {
            }

            @Override
            public void close() {
            }
        };
        return (Device) java.lang.reflect.Proxy.newProxyInstance(Device.class.getClassLoader(),
                new Class<?>[] {Device.class}, (proxy, m, a) -> switch (m.getName()) {
                    case "copyToDeviceAsync", "copyToHostAsync", "synchronize" -> null;
                    case "fence" -> done;
                    case "allocatePinned" -> real.allocatePinned((Long) a[0]);
                    case "name" -> real.name() + " (no copies)";
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** Median seconds of {@code reps} runs after one warm-up run. */
    private static double median(int reps, Runnable r) {
        r.run();
        List<Double> t = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            r.run();
            t.add((System.nanoTime() - t0) / 1e9);
        }
        t.sort(null);
        return t.get(t.size() / 2);
    }
}
