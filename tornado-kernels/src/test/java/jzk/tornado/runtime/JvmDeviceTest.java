package jzk.tornado.runtime;

import static jzk.tornado.runtime.TestDevices.method;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.DeviceKernel;

/** The jvm reference device: work-item indices, real barriers, shared local arrays, errors with the work-item. */
class JvmDeviceTest {
    private final Device jvm = TestDevices.jvm();

    @Test
    void mulAddHiMatchesBigIntegerOracle() {
        int n = 1024;
        long[] a = TestDevices.randomLongs(n, 1);
        long[] b = TestDevices.randomLongs(n, 2);
        long[] r = new long[n];
        jvm.launch(jvm.kernel(method("mulAddHi")), n, 64, a, b, r);
        BigInteger mask = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        for (int i = 0; i < n; i++) {
            BigInteger prod = new BigInteger(Long.toUnsignedString(a[i])).multiply(new BigInteger(Long.toUnsignedString(b[i])));
            long expected = prod.and(mask).add(prod.shiftRight(64)).longValue();
            assertEquals(expected, r[i], "element " + i);
        }
    }

    @Test
    void groupReductionUsesSharedLocalArrayAndBarrier() {
        int groups = 8;
        int local = 256;
        long[] in = TestDevices.randomLongs(groups * local, 3);
        long[] out = new long[groups];
        DeviceKernel k = jvm.kernel(method("groupSum"));
        assertTrue(k.usesBarrier());
        jvm.launch(k, groups * local, local, in, out);
        for (int g = 0; g < groups; g++) {
            long s = 0;
            for (int l = 0; l < local; l++) {
                s += in[g * local + l];
            }
            assertEquals(s, out[g], "group " + g);
        }
    }

    @Test
    void barrierInCalleeIsFoundAndReal() {
        DeviceKernel k = jvm.kernel(method("rotateInGroup"));
        assertTrue(k.usesBarrier(), "the barrier sits in a static callee; the bytecode scan must find it");
        assertFalse(jvm.kernel(method("mulAddHi")).usesBarrier());
        int local = 64;
        int n = 4 * local;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = 1000 + i;
        }
        int[] out = new int[n];
        jvm.launch(k, n, local, in, out);
        for (int i = 0; i < n; i++) {
            int g = i / local;
            int expected = in[g * local + (i % local + 1) % local];
            assertEquals(expected, out[i], "item " + i + ": a missing barrier reads a slot not yet written (0)");
        }
    }

    @Test
    void exceptionNamesTheWorkItem() {
        int[] out = new int[128];
        DeviceException e = assertThrows(DeviceException.class,
                () -> jvm.launch(jvm.kernel(method("failsAt")), 128, 32, out, 77));
        assertTrue(e.getMessage().contains("globalIdx=77"), e.getMessage());
        assertTrue(e.getMessage().contains("group 2, localIdx 13"), e.getMessage());
        assertTrue(e.getCause() instanceof ArithmeticException);
    }

    @Test
    void divergentBarrierIsReported() {
        int[] out = new int[64];
        DeviceException e = assertThrows(DeviceException.class,
                () -> jvm.launch(jvm.kernel(method("divergentBarrier")), 64, 32, out));
        assertTrue(e.getMessage().contains("divergent barrier"), e.getMessage());
    }

    @Test
    void unwrittenLocalMemoryIsPoisonedNotZero() {
        long[] out = new long[8];
        jvm.launch(jvm.kernel(method("readsUnwrittenLocal")), 8, 8, out);
        for (long v : out) {
            assertEquals(0x5A5A_5A5A_5A5A_5A5AL, v, "GPU local memory is not zeroed; the jvm device must not hide that");
        }
    }

    @Test
    void launchChecksArgumentsAndGrid() {
        DeviceKernel k = jvm.kernel(method("addConstant"));
        int[] in = new int[64];
        int[] out = new int[64];
        DeviceException wrongType = assertThrows(DeviceException.class, () -> jvm.launch(k, 64, 32, in, out, 5L));
        assertTrue(wrongType.getMessage().contains("expected Integer, got java.lang.Long"), wrongType.getMessage());
        DeviceException count = assertThrows(DeviceException.class, () -> jvm.launch(k, 64, 32, in, out));
        assertTrue(count.getMessage().contains("takes 3 arguments"), count.getMessage());
        jvm.launch(k, 64, 32, null, in, out, 1);   // a leading context placeholder is accepted
        assertEquals(1, out[63]);
        DeviceException grid = assertThrows(DeviceException.class, () -> jvm.launch(k, 65, 32, in, out, 1));
        assertTrue(grid.getMessage().contains("not a multiple"), grid.getMessage());
    }

    @Test
    void buffersAsIntAndLongViews() {
        DeviceKernel k = jvm.kernel(method("addConstant"));
        int n = 96;
        int[] host = new int[n];
        for (int i = 0; i < n; i++) {
            host[i] = i * 7;
        }
        try (DeviceBuffer in = jvm.allocate(n * 4L); DeviceBuffer out = jvm.allocate(n * 4L)) {
            jvm.copyToDevice(host, 0, in, 0, n);
            jvm.launch(k, n, 32, in, out, 5);
            int[] back = new int[n];
            jvm.copyToHost(out, 0, back, 0, n);
            for (int i = 0; i < n; i++) {
                assertEquals(i * 7 + 5, back[i]);
            }
        }
        long[] a = TestDevices.randomLongs(64, 9);
        long[] b = TestDevices.randomLongs(64, 10);
        long[] expected = new long[64];
        jvm.launch(jvm.kernel(method("mulAddHi")), 64, 64, a, b, expected);
        try (DeviceBuffer da = jvm.allocate(512); DeviceBuffer db = jvm.allocate(512); DeviceBuffer dr = jvm.allocate(512)) {
            jvm.copyToDevice(a, 0, da, 0, 64);
            jvm.copyToDevice(b, 0, db, 0, 64);
            jvm.launch(jvm.kernel(method("mulAddHi")), 64, 16, da, db, dr);
            long[] r = new long[64];
            jvm.copyToHost(dr, 0, r, 0, 64);
            assertArrayEquals(expected, r);
        }
    }

    /**
     * One buffer taken as int[] by one launch and as long[] by the next keeps its bytes (the jvm device moves the
     * contents between array types); one buffer taken as both types in the same launch behaves as on a GPU.
     */
    @Test
    void buffersChangeElementTypeBetweenAndWithinLaunches() {
        int n = 64;
        long[] a = TestDevices.randomLongs(n, 11);
        long[] b = TestDevices.randomLongs(n, 12);
        int[] aInts = new int[2 * n];
        for (int i = 0; i < n; i++) {
            aInts[2 * i] = (int) a[i];
            aInts[2 * i + 1] = (int) (a[i] >>> 32);
        }
        try (DeviceBuffer da = jvm.allocate(8L * n); DeviceBuffer db = jvm.allocate(8L * n);
             DeviceBuffer dr = jvm.allocate(8L * n)) {
            jvm.copyToDevice(a, 0, da, 0, n);
            jvm.launch(jvm.kernel(method("addConstant")), 2 * n, 32, da, db, 3);   // int[] views
            int[] plus = new int[2 * n];
            jvm.copyToHost(db, 0, plus, 0, 2 * n);
            long[] bPlus = new long[n];
            for (int i = 0; i < n; i++) {
                assertEquals(aInts[2 * i] + 3, plus[2 * i]);
                assertEquals(aInts[2 * i + 1] + 3, plus[2 * i + 1]);
                bPlus[i] = (plus[2 * i] & 0xFFFF_FFFFL) | ((long) plus[2 * i + 1] << 32);
            }
            long[] expected = new long[n];
            jvm.launch(jvm.kernel(method("mulAddHi")), n, 16, a, bPlus, expected);
            jvm.launch(jvm.kernel(method("mulAddHi")), n, 16, da, db, dr);      // the same bytes as long[]
            long[] r = new long[n];
            jvm.copyToHost(dr, 0, r, 0, n);
            assertArrayEquals(expected, r);
            jvm.copyToDevice(b, 0, db, 0, n);
            jvm.launch(jvm.kernel(method("swapHalves")), n, 16, db, db);         // int[] and long[] at once
            jvm.copyToHost(db, 0, r, 0, n);
            for (int i = 0; i < n; i++) {
                assertEquals(Long.rotateLeft(b[i], 32), r[i], "element " + i);
            }
        }
    }
}
