package jzk.tornado.runtime;

import static jzk.tornado.api.KernelParam.Kind.LONG_ARRAY;
import static jzk.tornado.runtime.TestDevices.p;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKernel;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.api.KernelSource;
import jzk.tornado.config.RuntimeConfig;

/**
 * Hand-written PTX / OpenCL C kernels on every CUDA and OpenCL device found, compared bit for bit with the same
 * kernel written in Java and run on the jvm device.
 */
class NativeKernelTest {
    static List<Device> devices() {
        List<Device> d = TestDevices.native_();
        if (d.isEmpty()) {
            System.out.println("[NativeKernelTest] no CUDA or OpenCL device: " + TestDevices.registry().backends());
        }
        return d;
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void mulAddHiMatchesJvm(Device d) {
        int n = 1 << 14;
        long[] a = TestDevices.randomLongs(n, 11);
        long[] b = TestDevices.randomLongs(n, 12);
        long[] expected = new long[n];
        Device jvm = TestDevices.jvm();
        jvm.launch(jvm.kernel(TestDevices.method("mulAddHi")), n, 128, a, b, expected);

        DeviceKernel k = d.kernelFromSource(TestDevices.handWritten(d, "mulAddHi", p("a", LONG_ARRAY),
                p("b", LONG_ARRAY), p("r", LONG_ARRAY)));
        assertTrue(k.maxWorkGroupSize() > 0 && k.maxWorkGroupSize() <= d.info().maxWorkGroupSize(),
                "kernel limit " + k.maxWorkGroupSize());
        long[] viaArrays = new long[n];
        d.launch(k, n, 128, a, b, viaArrays);
        assertArrayEquals(expected, viaArrays, "Java arrays as launch arguments");

        try (DeviceBuffer da = d.allocate(8L * n); DeviceBuffer db = d.allocate(8L * n);
             DeviceBuffer dr = d.allocate(8L * n)) {
            d.copyToDevice(a, 0, da, 0, n);
            d.copyToDevice(b, 0, db, 0, n);
            long nanos = d.launchTimed(k, n, 64, da, db, dr);
            assertTrue(nanos > 0, "device-measured time " + nanos);
            Device.Span span = d.startSpan();
            d.launch(k, n, 64, da, db, dr);
            long spanNanos = span.stopNanos();
            assertTrue(spanNanos >= 0, "span " + spanNanos);
            long[] r = new long[n];
            d.copyToHost(dr, 0, r, 0, n);
            assertArrayEquals(expected, r, "resident buffers");
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void groupReductionWithBarrierMatchesJvm(Device d) {
        int local = 256;
        int groups = 16;
        long[] in = TestDevices.randomLongs(local * groups, 13);
        long[] expected = new long[groups];
        Device jvm = TestDevices.jvm();
        jvm.launch(jvm.kernel(TestDevices.method("groupSum")), local * groups, local, in, expected);
        DeviceKernel k = d.kernelFromSource(TestDevices.handWritten(d, "groupSum", p("in", LONG_ARRAY),
                p("out", LONG_ARRAY)));
        assertTrue(k.usesBarrier());
        long[] out = new long[groups];
        d.launch(k, local * groups, local, in, out);
        assertArrayEquals(expected, out);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void badSourceGivesTheBuildLog(Device d) {
        KernelSource bad = d.info().kind() == DeviceKind.CUDA
                ? KernelSource.ptx("broken", ".version 8.0\n.target sm_75\n.address_size 64\n"
                + ".visible .entry broken() { frobnicate.u64 %rd1; ret; }\n")
                : KernelSource.openCl("broken", "__kernel void broken(__global long *x) { x[0] = undefined_name; }");
        DeviceException e = assertThrows(DeviceException.class, () -> d.kernelFromSource(bad));
        String m = e.getMessage();
        assertTrue(m.contains("broken") && m.contains(d.name()), m);
        assertTrue(d.info().kind() == DeviceKind.CUDA ? m.contains("frobnicate") : m.contains("undefined_name"),
                "message carries the compiler's log: " + m);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void wrongLanguageAndArgumentsAreRejected(Device d) {
        KernelSource other = d.info().kind() == DeviceKind.CUDA
                ? KernelSource.openCl("x", "__kernel void x() {}")
                : KernelSource.ptx("x", ".version 8.0");
        assertThrows(DeviceException.class, () -> d.kernelFromSource(other));
        DeviceKernel k = d.kernelFromSource(TestDevices.handWritten(d, "mulAddHi", p("a", LONG_ARRAY),
                p("b", LONG_ARRAY), p("r", LONG_ARRAY)));
        DeviceException e = assertThrows(DeviceException.class,
                () -> d.launch(k, 64, 64, new long[64], new int[64], new long[64]));
        assertTrue(e.getMessage().contains("expected long[] or DeviceBuffer, got int[]"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void openClDumpsTheDriversProgramBinary(Device d, @TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(d.info().kind() == DeviceKind.OPENCL, "-Djzk.opencl.dump is an OpenCL option");
        System.setProperty("jzk.opencl.dump", dir.toString());
        RuntimeConfig.reload();
        try {
            d.kernelFromSource(TestDevices.handWritten(d, "mulAddHi", p("a", LONG_ARRAY), p("b", LONG_ARRAY),
                    p("r", LONG_ARRAY)));
        } finally {
            System.clearProperty("jzk.opencl.dump");
            RuntimeConfig.reload();
        }
        Path bin = dir.resolve("mulAddHi." + d.name().replaceAll("[^A-Za-z0-9_.-]", "_") + ".bin");
        assertTrue(Files.size(bin) > 0, "binary written to " + bin);
    }
}
