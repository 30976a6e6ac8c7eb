package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.Ntt;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.jvm.JvmDevice;
import org.junit.jupiter.api.Test;

/**
 * {@link NttPlans} on the jvm device: a kept plan is built once per (size, family) and handed to one lease at a
 * time (a second thread waits until the first gives it back); a lease ended by a failure gives the plan back
 * intact (a transform with it still equals {@link FrDomain}); a failed construction keeps nothing; close (and,
 * without keeping, each lease) frees the device buffers; the kept bytes are the plan's.
 */
class NttPlansTest {
    private static final JvmDevice JVM = (JvmDevice) Devices.jvm();

    @Test
    void keptPlanIsBuiltOnceLentOneAtATimeAndFreedAtClose() throws Exception {
        try (KernelHost host = DeviceHosts.jvm()) {
            int before = JVM.liveBuffers();
            NttPlans plans = new NttPlans(host, true);
            Ntt first;
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                first = l.plan();
                assertEquals(64, first.n);
            }
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                assertSame(first, l.plan(), "the kept plan is reused");
            }
            assertEquals(1, plans.built());
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.GENERATOR_7)) {
                assertNotSame(first, l.plan(), "another family, another plan");
            }
            assertEquals(2, plans.built());
            assertTrue(plans.deviceBytes() >= 2 * 32L * 64, "two plans' n/2 tables: " + plans.deviceBytes());

            // a second stage waits while the first holds the plan
            NttPlans.Lease held = plans.acquire(6, Fr.RootFamily.SNARKJS_5);
            CompletableFuture<Ntt> other = CompletableFuture.supplyAsync(() -> {
                try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                    return l.plan();
                }
            });
            Thread.sleep(200);
            assertFalse(other.isDone(), "the plan is lent to one stage at a time");
            held.close();
            assertSame(first, other.get(10, TimeUnit.SECONDS));
            assertEquals(2, plans.built());

            assertTrue(JVM.liveBuffers() > before, "kept plans stay on the device");
            plans.close();
            assertEquals(before, JVM.liveBuffers(), "close frees the kept plans");
            assertEquals(0, plans.deviceBytes());
        }
    }

    /**
     * {@link NttPlans#releaseIdle}: the plans no lease holds are freed (the device's buffers come back), a lent one
     * stays and is still the one handed out after; a freed key builds a new plan at its next lease.
     */
    @Test
    void releasingIdlePlansFreesAllButTheLentOne() {
        try (KernelHost host = DeviceHosts.jvm()) {
            int before = JVM.liveBuffers();
            NttPlans plans = new NttPlans(host, true);
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.GENERATOR_7)) {
                assertEquals(64, l.plan().n);
            }
            int withIdle = JVM.liveBuffers();
            assertTrue(withIdle > before, "the idle plan holds buffers");
            Ntt lent;
            try (NttPlans.Lease held = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                lent = held.plan();
                int both = JVM.liveBuffers();
                long lentBytes = plans.deviceBytes();
                plans.releaseIdle();
                assertEquals(both - (withIdle - before), JVM.liveBuffers(), "the idle plan's buffers freed, only");
                assertTrue(plans.deviceBytes() > 0 && plans.deviceBytes() < lentBytes, "the lent plan still counted");
            }
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                assertSame(lent, l.plan(), "the lent plan was kept");
            }
            assertEquals(2, plans.built());
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.GENERATOR_7)) {
                assertEquals(64, l.plan().n);
            }
            assertEquals(3, plans.built(), "the freed key builds again");
            plans.releaseIdle();
            assertEquals(before, JVM.liveBuffers(), "every plan freed");
            assertEquals(0, plans.deviceBytes());
            plans.close();
        }
    }

    @Test
    void aFailedStageGivesThePlanBackIntact() throws Exception {
        try (KernelHost host = DeviceHosts.jvm(); NttPlans plans = new NttPlans(host, true)) {
            Ntt[] kept = new Ntt[1];
            assertThrows(IllegalStateException.class, () -> {
                try (NttPlans.Lease l = plans.acquire(5, Fr.RootFamily.GENERATOR_7)) {
                    kept[0] = l.plan();
                    throw new IllegalStateException("the stage fails");
                }
            });
            // from another thread: the lock is reentrant, so only another thread sees a lock left held
            Ntt again = CompletableFuture.supplyAsync(() -> {
                try (NttPlans.Lease l = plans.acquire(5, Fr.RootFamily.GENERATOR_7)) {
                    long[] data = randomVector(32, 11);
                    long[] expected = data.clone();
                    new FrDomain(5, Fr.RootFamily.GENERATOR_7).fft(expected);
                    try (KernelHost.Buffer b = host.allocate(8L * 32)) {
                        host.write(b, 0, data, 0, data.length);
                        l.plan().forward(b);
                        long[] got = new long[data.length];
                        host.read(b, 0, got, 0, got.length);
                        assertArrayEquals(expected, got, "the kept plan still transforms");
                    }
                    return l.plan();
                }
            }).get(30, TimeUnit.SECONDS);
            assertSame(kept[0], again);
            assertEquals(1, plans.built());
            // a construction that fails keeps nothing and leaves no lock held
            assertThrows(IllegalArgumentException.class, () -> plans.acquire(28, Fr.RootFamily.GENERATOR_7));
            ExecutionException e = assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(
                    () -> plans.acquire(28, Fr.RootFamily.GENERATOR_7)).get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof IllegalArgumentException, e.getCause().toString());
            assertEquals(1, plans.built());
        }
    }

    @Test
    void withoutKeepingEachLeaseBuildsAndFreesItsOwnPlan() {
        try (KernelHost host = DeviceHosts.jvm()) {
            int before = JVM.liveBuffers();
            NttPlans plans = new NttPlans(host, false);
            Ntt first;
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                first = l.plan();
                assertTrue(JVM.liveBuffers() > before);
            }
            assertEquals(before, JVM.liveBuffers(), "the lease frees its plan");
            try (NttPlans.Lease l = plans.acquire(6, Fr.RootFamily.SNARKJS_5)) {
                assertNotSame(first, l.plan());
            }
            assertEquals(2, plans.built());
            assertEquals(0, plans.deviceBytes());
            plans.close();
            assertEquals(before, JVM.liveBuffers());
        }
    }

    @Test
    void aStreamViewKeepsItsOwnPlanCountedByTheOwnerAndFreedByItsClose() {
        try (KernelHost host = DeviceHosts.jvm(); KernelHost stream = DeviceHosts.jvm()) {
            int before = JVM.liveBuffers();
            DeviceBackend owner = new DeviceBackend(host, true);
            DeviceBackend view = owner.onStream(stream);
            Ntt viewPlan;
            try (NttPlans.Lease l = view.nttPlan(6, Fr.RootFamily.SNARKJS_5)) {
                viewPlan = l.plan();
                assertSame(stream, viewPlan.host(), "a view's plan launches on the view's stream");
            }
            try (NttPlans.Lease l = owner.nttPlan(6, Fr.RootFamily.SNARKJS_5)) {
                assertNotSame(viewPlan, l.plan(), "the owner's plan is its own");
                assertSame(host, l.plan().host());
            }
            long both = owner.nttPlanBytes();
            assertTrue(both >= 2 * 32L * 64, "the owner counts its views' plans: " + both);
            assertEquals(both, owner.residentBytes(), "no bases here: resident bytes are the plans'");
            view.close();
            assertEquals(both / 2, owner.nttPlanBytes(), "the view's plan is freed by the view");
            owner.close();
            assertEquals(0, owner.nttPlanBytes());
            assertEquals(before, JVM.liveBuffers());
        }
    }

    /** n random reduced Fr elements (Montgomery), 4 longs each. */
    private static long[] randomVector(int n, long seed) {
        Random rnd = new Random(seed);
        long[] v = new long[4 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(Fr.F.fromLong(rnd.nextLong() & Long.MAX_VALUE), 0, v, 4 * i, 4);
        }
        return v;
    }
}
