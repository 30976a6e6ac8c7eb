package jzk.tornado.bls;

import java.util.ArrayList;
import java.util.List;

/**
 * The backends {@link BlsBench} measures, by name: {@code jvm} ({@link JvmHost}) and, through the project
 * runtime, every CUDA and OpenCL device it finds. {@code all} opens every one that is present.
 */
final class BenchHosts {
    private BenchHosts() {
    }

    static List<KernelHost> open(String spec) {
        List<KernelHost> hosts = new ArrayList<>();
        for (String name : spec.split(",")) {
            String n = name.trim();
            if (n.equals("jvm")) {
                hosts.add(new JvmHost());
            }
        }
        hosts.addAll(DeviceHosts.forBench(spec));
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("no backend matches '" + spec + "' (known: jvm, all)");
        }
        return hosts;
    }
}
