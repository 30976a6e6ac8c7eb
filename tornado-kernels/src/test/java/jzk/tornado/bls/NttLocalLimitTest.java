package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import org.junit.jupiter.api.Test;

/**
 * A device may allow a kernel fewer work-items per group than its nominal maximum (NVIDIA's OpenCL allows 256
 * for the NTT pass kernel on an H200, whose nominal maximum is 1024). The NTT must then split its local passes
 * further instead of failing the launch: here a host that refuses groups larger than 8 for that kernel.
 */
class NttLocalLimitTest {
    private static final int LIMIT = 8;

    /** The JVM host, except that it enforces {@link #LIMIT} on the pass kernel as a real device would. */
    private static final class LimitedHost implements KernelHost {
        private final JvmHost inner = new JvmHost();
        int largestLaunch;

        @Override
        public String name() {
            return "jvm limited to " + LIMIT;
        }

        @Override
        public Buffer allocate(long ints) {
            return inner.allocate(ints);
        }

        @Override
        public void write(Buffer dst, long dstOffset, int[] src, int len) {
            inner.write(dst, dstOffset, src, len);
        }

        @Override
        public void read(Buffer src, long srcOffset, int[] dst, int len) {
            inner.read(src, srcOffset, dst, len);
        }

        @Override
        public void launch(Method kernel, int globalSize, int localSize, Object... args) {
            if (localSize > maxLocalSize(kernel)) {
                throw new IllegalStateException(kernel.getName() + ": local size " + localSize + " > " + LIMIT);
            }
            if (kernel.getName().equals("stages")) {
                largestLaunch = Math.max(largestLaunch, localSize);
            }
            inner.launch(kernel, globalSize, localSize, args);
        }

        @Override
        public int maxLocalSize(Method kernel) {
            return kernel.getName().equals("stages") ? LIMIT : 1024;
        }

        @Override
        public void finish() {
            inner.finish();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    @Test
    void passesShrinkToTheKernelsWorkGroupLimit() {
        int lgN = 9;
        FrDomain cpu = new FrDomain(lgN, Fr.RootFamily.SNARKJS_5);
        Random rnd = new Random(3);
        long[] a = new long[(1 << lgN) * 4];
        for (int i = 0; i < 1 << lgN; i++) {
            Fr.F.fromBigInteger(a, i * 4, new BigInteger(256, rnd));
        }
        long[] want = a.clone();
        cpu.fft(want);
        try (LimitedHost host = new LimitedHost(); Ntt plan = new Ntt(host, lgN, Fr.RootFamily.SNARKJS_5)) {
            int[] d = Layout.split(a);
            KernelHost.Buffer b = host.allocate(d.length);
            host.write(b, 0, d, d.length);
            plan.forward(b);
            host.read(b, 0, d, d.length);
            assertArrayEquals(want, Layout.join(d));
            assertTrue(host.largestLaunch > 0 && host.largestLaunch <= LIMIT, "largest pass " + host.largestLaunch);
        }
    }
}
