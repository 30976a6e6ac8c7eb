package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import jzk.arith.Fr;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.ProofCodec;
import jzk.prover.groth16.StagedProver;
import jzk.prover.groth16.Verifier;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.BatchRunner;
import jzk.prover.pipeline.ForwardingWorkload;
import jzk.prover.pipeline.PermitPolicy;
import jzk.prover.pipeline.PipelineConfig;
import jzk.prover.pipeline.ProofOutcome;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.pipeline.ProofWorkload.DeviceSlot;
import jzk.prover.pipeline.WorkloadFactory;
import jzk.tornado.api.DeviceException;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.jvm.JvmDevice;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Groth16 batches on two devices, the jvm device and an OpenCL device (PoCL in CI; skipped without one, or with
 * {@code -Djzk.test.opencl=none}): a partition's proof is byte-for-byte the same (fixed r, s) whichever device
 * runs its GPU stage, and the CPU prover's too; the scheduler sends work to both; a device that fails mid-batch
 * (launches failing on the jvm device, injected under the real backend) leaves the rotation, its partitions are
 * proven on the other, every proof verifies and no device buffer is left behind; when both fail the batch ends.
 */
@Timeout(240)
class MultiDeviceTest {
    static final jzk.prover.circuits.PorepShape SHAPE = PorepGroth16Test.SHAPE;

    @TempDir
    static Path cacheDir;
    static String opencl;

    @BeforeAll
    static void parameters() throws Exception {
        var device = DeviceHosts.openclForTests();
        Assumptions.assumeTrue(device.isPresent(),
                "no OpenCL device (install PoCL: setup-tornado.sh) or -Djzk.test.opencl=none");
        opencl = device.get();
        // generated once on the CPU, then loaded by every session below
        try (ProverSession cpu = ProverSession.open(List.of(ProverSession.CPU))) {
            PorepGroth16.open(SHAPE, 1, null, 1, new ParamsCache(cacheDir), cpu, l -> { });
        }
    }

    /** Fails every launch from the {@code failAt}-th after {@link #arm}, with the message a driver would give. */
    static final class FaultyHost implements KernelHost {
        final KernelHost inner;
        final AtomicBoolean armed = new AtomicBoolean();
        final AtomicInteger launchesSinceArmed = new AtomicInteger();
        final int failAt;

        FaultyHost(KernelHost inner, int failAt) {
            this.inner = inner;
            this.failAt = failAt;
        }

        void arm() {
            armed.set(true);
        }

        @Override
        public String name() {
            return inner.name();
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
        public void write(Buffer dst, long dstOffset, long[] src, int srcIndex, int longs) {
            inner.write(dst, dstOffset, src, srcIndex, longs);
        }

        @Override
        public void read(Buffer src, long srcOffset, int[] dst, int len) {
            inner.read(src, srcOffset, dst, len);
        }

        @Override
        public void read(Buffer src, long srcOffset, long[] dst, int dstIndex, int longs) {
            inner.read(src, srcOffset, dst, dstIndex, longs);
        }

        @Override
        public void launch(Method kernel, int globalSize, int localSize, Object... args) {
            if (armed.get() && launchesSinceArmed.incrementAndGet() >= failAt) {
                throw new DeviceException("launch of " + kernel.getName()
                        + " failed: CL_OUT_OF_RESOURCES (injected)");
            }
            inner.launch(kernel, globalSize, localSize, args);
        }

        @Override
        public int maxLocalSize(Method kernel) {
            return inner.maxLocalSize(kernel);
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

    private static PorepGroth16 factory(ProverSession s, int partitions) throws Exception {
        return PorepGroth16.open(SHAPE, partitions, null, 7, new ParamsCache(cacheDir), s, l -> { });
    }

    @Test
    void aPartitionsProofIsTheSameBytesOnEitherDeviceAndOnTheCpu() throws Exception {
        long[] r = Fr.F.fromLong(3);
        long[] s = Fr.F.fromLong(5);
        try (ProverSession session = ProverSession.open(List.of(ProverSession.CPU, ProverSession.JVM, opencl))) {
            PorepGroth16 f = factory(session, 1);
            PorepProofWorkload w = (PorepProofWorkload) f.create(0);
            for (int p = 0; p < w.partitions(); p++) {
                List<byte[]> proofs = new ArrayList<>();
                for (int d = 0; d < 3; d++) {
                    String dev = session.devices().get(d);
                    var g = (PorepProofWorkload.Gpu) w.gpuStage(w.synthesize(p), new DeviceSlot(dev, d, 0));
                    long[] b2 = g.b2Sum() != null ? g.b2Sum()
                            : StagedProver.msmB2(f.keyFor(ProverSession.CPU), CpuBackend.INSTANCE, g.zCanonical());
                    var proof = StagedProver.assemble(f.pk, g.g1(), b2, r, s);
                    assertTrue(Verifier.verifyBatch(f.pvk, List.of(proof), List.of(g.publicInputs())), dev);
                    proofs.add(ProofCodec.encode(proof));
                }
                assertArrayEquals(proofs.get(0), proofs.get(1), "partition " + p + ": cpu vs jvm");
                assertArrayEquals(proofs.get(0), proofs.get(2), "partition " + p + ": cpu vs " + opencl);
            }
        }
    }

    /**
     * The factory's proofs with the first GPU stage on each device held until the other device started one, and
     * (when {@code afterFirstOnJvm} is given, which runs after the jvm's first stage) the OpenCL device's second
     * stage held until the jvm device started its second: each device proves at least once, the jvm device twice.
     */
    private static WorkloadFactory bothDevicesGetWork(PorepGroth16 f, Map<String, AtomicInteger> stages,
                                                      Runnable afterFirstOnJvm) {
        CountDownLatch both = new CountDownLatch(2);
        CountDownLatch jvmSecond = new CountDownLatch(afterFirstOnJvm != null ? 1 : 0);
        return new WorkloadFactory() {
            @Override
            public String label() {
                return f.label();
            }

            @Override
            public ProofWorkload create(int index) throws Exception {
                return new ForwardingWorkload(f.create(index)) {
                    @Override
                    public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
                        int n = stages.computeIfAbsent(slot.device(), d -> new AtomicInteger()).incrementAndGet();
                        boolean onJvm = slot.device().equals(ProverSession.JVM);
                        if (n == 1) {
                            both.countDown();
                            assertTrue(both.await(60, TimeUnit.SECONDS), "the other device never got work");
                        } else if (n == 2 && onJvm) {
                            jvmSecond.countDown();
                        } else if (n == 2) {
                            assertTrue(jvmSecond.await(60, TimeUnit.SECONDS), "the jvm device never got a second");
                        }
                        GpuResult r = inner.gpuStage(s, slot);
                        if (n == 1 && onJvm && afterFirstOnJvm != null) {
                            afterFirstOnJvm.run();
                        }
                        return r;
                    }
                };
            }
        };
    }

    private static BatchReport batch(ProverSession session, WorkloadFactory f, int count) throws Exception {
        PipelineConfig c = new PipelineConfig(2, 2, 1, session.devices(), 1, 1L << 30, PermitPolicy.HOLD_UNTIL_GPU,
                true, null, null);
        return new BatchRunner(c, f, count, 2, null, session).run((i, n, o) -> { });
    }

    /**
     * Two GPU workers on the OpenCL device: worker 1 proves on a queue of its own (its backend is not worker 0's),
     * both stages are in flight at once (each waits until the other started), and the proofs verify.
     */
    @Test
    void twoWorkersOfOneDeviceProveAtOnceOnTheirOwnQueues() throws Exception {
        CountDownLatch together = new CountDownLatch(2);
        Map<Integer, Object> backends = new ConcurrentHashMap<>();
        try (ProverSession session = ProverSession.open(List.of(opencl))) {
            PorepGroth16 f = factory(session, 2);
            WorkloadFactory gated = new WorkloadFactory() {
                @Override
                public String label() {
                    return f.label();
                }

                @Override
                public ProofWorkload create(int index) throws Exception {
                    return new ForwardingWorkload(f.create(index)) {
                        @Override
                        public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
                            backends.put(slot.worker(), session.backend(slot.device(), slot.worker()));
                            together.countDown();
                            assertTrue(together.await(60, TimeUnit.SECONDS), "the other worker never started");
                            return inner.gpuStage(s, slot);
                        }
                    };
                }
            };
            PipelineConfig c = new PipelineConfig(2, 2, 2, session.devices(), 1, 1L << 30,
                    PermitPolicy.HOLD_UNTIL_GPU, true, null, null);
            BatchReport r = new BatchRunner(c, gated, 1, 1, null, session).run((i, n, o) -> { });
            assertEquals(1, r.completed(), r.proofs().toString());
            assertTrue(Boolean.TRUE.equals(r.proofs().getFirst().verified()));
            assertEquals(2, backends.size());
            assertTrue(backends.get(0) != backends.get(1), "one backend (queue) per worker");
            assertEquals(2, r.devices().getFirst().partitions());
        }
    }

    @Test
    void aDeviceFailingMidBatchIsTakenOutAndNothingIsLostOrLeaked() throws Exception {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        int before = jvm.liveBuffers();
        List<FaultyHost> hosts = new ArrayList<>();
        Map<String, AtomicInteger> stages = new ConcurrentHashMap<>();
        BatchReport r;
        try (ProverSession session = ProverSession.open(List.of(ProverSession.JVM, opencl), (name, host) -> {
            if (!name.equals(ProverSession.JVM)) {
                return host;
            }
            FaultyHost h = new FaultyHost(host, 3); // a few launches into its second GPU stage
            hosts.add(h);
            return h;
        })) {
            r = batch(session, bothDevicesGetWork(factory(session, 2), stages, () -> hosts.getFirst().arm()), 2);
        }
        assertEquals(before, jvm.liveBuffers(), "every buffer on the failed device freed (stage, key, scratch)");
        assertEquals(2, r.completed(), r.proofs().toString());
        assertTrue(r.proofs().stream().allMatch(p -> Boolean.TRUE.equals(p.verified())));
        BatchReport.DeviceLine bad = r.devices().get(0);
        BatchReport.DeviceLine good = r.devices().get(1);
        assertTrue(bad.failure() != null && bad.failure().startsWith("jvm: launch of ")
                && bad.failure().endsWith(" failed: CL_OUT_OF_RESOURCES (injected)"), String.valueOf(bad.failure()));
        assertEquals(1, bad.partitions(), "its first stage completed before the failure");
        assertEquals(1, bad.rerun());
        assertNull(good.failure());
        assertEquals(4, bad.partitions() + good.partitions(), "every partition proven once");
        assertEquals(List.of("jvm", opencl), r.devices().stream().map(BatchReport.DeviceLine::device).toList());
        for (BatchReport.DeviceLine line : r.devices()) {
            assertTrue(line.residentBytes() > 0, "the key's bases stay resident on " + line.device());
            assertTrue(line.busyFraction() > 0 && line.gpuStageSeconds() > 0, line.toString());
        }
        assertEquals(2, stages.get(ProverSession.JVM).get(), "no work for a device out of rotation");
    }

    @Test
    void whenBothDevicesFailTheBatchEndsWithTheReason() throws Exception {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        int before = jvm.liveBuffers();
        BatchReport r;
        List<FaultyHost> hosts = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ProverSession session = ProverSession.open(List.of(ProverSession.JVM, opencl), (name, host) -> {
            FaultyHost h = new FaultyHost(host, 1);
            hosts.add(h);
            return h;
        })) {
            PorepGroth16 f = factory(session, 2); // the keys load on both devices' hosts first, then they fail
            hosts.forEach(FaultyHost::arm);
            r = batch(session, f, 2);
        }
        assertEquals(before, jvm.liveBuffers());
        assertEquals(2, r.failed());
        for (BatchReport.ProofLine p : r.proofs()) {
            assertEquals(ProofOutcome.Status.FAILED.name(), p.status());
            assertTrue(p.reason().contains("has no device: every device failed: jvm (jvm: launch of ")
                    && p.reason().contains("); " + opencl + " (" + opencl + ": launch of "), p.reason());
        }
    }
}
