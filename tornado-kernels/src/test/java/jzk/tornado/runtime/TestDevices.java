package jzk.tornado.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelParam;
import jzk.tornado.api.KernelSource;
import jzk.tornado.config.RuntimeConfig;

/** The devices the tests run on (one registry per test JVM) and helpers to load kernels and make data. */
public final class TestDevices {
    private TestDevices() {
    }

    private static final class Holder {
        static final DeviceRegistry REGISTRY = scan();

        private static DeviceRegistry scan() {
            DeviceRegistry r = DeviceRegistry.scan(RuntimeConfig.fromEnvironment());
            System.out.println("[jzk test devices]\n" + r.describe());
            return r;
        }
    }

    static DeviceRegistry registry() {
        return Holder.REGISTRY;
    }

    static List<Device> all() {
        return registry().devices();
    }

    static Device jvm() {
        return registry().get("jvm");
    }

    static List<Device> native_() {
        return registry().devices().stream().filter(d -> d.info().kind() != DeviceKind.JVM).toList();
    }

    static Method method(String name) {
        return java.util.stream.Stream.of(SelfTestKernels.class, TestKernels.class)
                .flatMap(c -> Arrays.stream(c.getMethods())).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow();
    }

    /** A hand-written kernel source of the test resources beside this class (also the bench self-test's). */
    public static String resource(String name) {
        try (InputStream in = TestDevices.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The hand-written twin of a SelfTestKernels kernel for this device's language. */
    static KernelSource handWritten(Device d, String kernel, KernelParam... params) {
        return d.info().kind() == DeviceKind.CUDA
                ? KernelSource.ptx(kernel, resource(kernel + ".ptx"), params)
                : KernelSource.openCl(kernel, resource(kernel + ".cl"), params);
    }

    /** n seeded random longs (also the bench self-test's inputs). */
    public static long[] randomLongs(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextLong();
        }
        return a;
    }

    static KernelParam p(String name, KernelParam.Kind kind) {
        return new KernelParam(name, kind);
    }
}
