package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.assertAllReleased;
import static jzk.prover.pipeline.PipelineTestSupport.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jzk.tornado.api.DeviceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The device scheduler on simulated devices: partitions spread over idle devices, go where their parameters are,
 * a device that fails mid-batch leaves the rotation and its partitions are proven elsewhere (nothing lost, nothing
 * held), and a batch whose devices all fail ends with one clear reason instead of waiting.
 */
@Timeout(30)
class DeviceSchedulerTest {

    private static final SyntheticWorkload.Spec SPEC = new SyntheticWorkload.Spec(4, MIB, MIB / 4, 1, 5, 1);

    private static PipelineConfig devices(int gpuWorkers, String... names) {
        return new PipelineConfig(2, 2, gpuWorkers, List.of(names), 1, 256 * MIB, PermitPolicy.HOLD_UNTIL_GPU,
                true, null, null);
    }

    /** Counts GPU stages per device and throws a device failure on {@code failing} from its n-th stage on. */
    static final class Faulty extends ForwardingWorkload {
        final Map<String, AtomicInteger> stages;
        final String failing;
        final int failFrom;
        final Object key;

        Faulty(ProofWorkload inner, Map<String, AtomicInteger> stages, String failing, int failFrom, Object key) {
            super(inner);
            this.stages = stages;
            this.failing = failing;
            this.failFrom = failFrom;
            this.key = key;
        }

        @Override
        public Object paramsKey() {
            return key;
        }

        @Override
        public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
            int n = stages.computeIfAbsent(slot.device(), d -> new AtomicInteger()).incrementAndGet();
            if (slot.device().equals(failing) || "*".equals(failing)) {
                if (n >= failFrom) {
                    throw new IllegalStateException("stage wrapper", new DeviceException(
                            "launch of msmBucketSum failed: CUDA_ERROR_ILLEGAL_ADDRESS (injected on " + slot.device()
                                    + ")\nsecond line of the driver log"));
                }
            }
            return inner.gpuStage(s, slot);
        }
    }

    @Test
    void aDeviceThatFailsMidBatchLeavesTheRotationAndItsPartitionsAreProvenElsewhere() throws Exception {
        Map<String, AtomicInteger> stages = new ConcurrentHashMap<>();
        ProvingPipeline p = new ProvingPipeline(devices(1, "sim:0", "sim:1"));
        List<ProofHandle> hs = new ArrayList<>();
        List<SyntheticWorkload> loads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            SyntheticWorkload w = new SyntheticWorkload(SPEC, i, null, -1, true);
            loads.add(w);
            hs.add(p.submit(new Faulty(w, stages, "sim:1", 2, null)));
        }
        for (ProofHandle h : hs) {
            ProofOutcome o = outcome(h);
            assertTrue(o.completed(), o.reason());
            assertTrue(o.verified());
        }
        assertAllReleased(p);
        p.close();
        for (SyntheticWorkload w : loads) {
            assertEquals(0, w.liveBytes(), "native a/b/c and aux of every partition freed, the failed stages' too");
        }
        List<BatchReport.DeviceLine> lines = p.deviceLines();
        BatchReport.DeviceLine ok = lines.get(0);
        BatchReport.DeviceLine bad = lines.get(1);
        assertEquals("sim:1", bad.device());
        assertEquals("sim:1: launch of msmBucketSum failed: CUDA_ERROR_ILLEGAL_ADDRESS (injected on sim:1)",
                bad.failure(), "one line: the first line of the device's message");
        assertEquals(1, bad.rerun(), "only the stage that failed is re-run; the device got no further work");
        assertEquals(1, bad.partitions(), "its first stage completed before the failure");
        assertEquals(2, stages.get("sim:1").get());
        assertNull(ok.failure());
        assertEquals(16, ok.partitions() + bad.partitions(), "every partition proven exactly once");
        assertTrue(bad.failedAtSeconds() > 0);
    }

    @Test
    void whenEveryDeviceFailsTheBatchEndsWithOneReasonNamingEachDevice() throws Exception {
        Map<String, AtomicInteger> stages = new ConcurrentHashMap<>();
        ProvingPipeline p = new ProvingPipeline(devices(2, "sim:0", "sim:1"));
        List<ProofHandle> hs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            hs.add(p.submit(new Faulty(new SyntheticWorkload(SPEC, i), stages, "*", 1, null)));
        }
        for (ProofHandle h : hs) {
            ProofOutcome o = outcome(h);
            assertEquals(ProofOutcome.Status.FAILED, o.status());
            assertTrue(o.reason().matches("partition \\d has no device: every device failed: "
                    + "sim:0 \\(sim:0: launch of msmBucketSum failed: CUDA_ERROR_ILLEGAL_ADDRESS \\(injected on "
                    + "sim:0\\)\\); sim:1 \\(sim:1: launch .*\\)"), o.reason());
        }
        assertAllReleased(p);
        // a proof submitted after the last device failed fails at once too (nothing waits for a device)
        ProofOutcome late = outcome(p.submit(new SyntheticWorkload(SPEC, 9)));
        assertEquals(ProofOutcome.Status.FAILED, late.status());
        assertTrue(late.reason().contains("every device failed"), late.reason());
        assertAllReleased(p);
        p.close();
        assertTrue(p.deviceLines().stream().allMatch(d -> d.failure() != null && d.rerun() >= 1));
    }

    @Test
    void idleDevicesShareTheWorkAndEachHoldsItsOwnLoad() throws Exception {
        // the first GPU stage on each device waits until the other device has started one: both must get work
        CountDownLatch both = new CountDownLatch(2);
        Map<String, AtomicInteger> stages = new ConcurrentHashMap<>();
        ProvingPipeline p = new ProvingPipeline(devices(1, "sim:0", "sim:1"));
        ProofHandle h = p.submit(new ForwardingWorkload(new SyntheticWorkload(SPEC, 1)) {
            @Override
            public GpuResult gpuStage(Synthesized s, DeviceSlot slot) throws Exception {
                if (stages.computeIfAbsent(slot.device(), d -> new AtomicInteger()).incrementAndGet() == 1) {
                    both.countDown();
                    assertTrue(both.await(10, TimeUnit.SECONDS), "the other device never got a partition");
                }
                return inner.gpuStage(s, slot);
            }
        });
        assertTrue(outcome(h).completed(), outcome(h).reason());
        p.close();
        List<BatchReport.DeviceLine> lines = p.deviceLines();
        assertTrue(lines.get(0).partitions() >= 1 && lines.get(1).partitions() >= 1, lines.toString());
        assertEquals(4, lines.get(0).partitions() + lines.get(1).partitions());
    }

    @Test
    void partitionsGoOnlyWhereTheirParametersCanBe() throws Exception {
        Object keyA = "key A";
        Object keyB = "key B";
        // key A lives on sim:1 only; key B is resident on sim:0 and loadable on sim:1; key C fits nowhere
        DeviceInventory inv = new DeviceInventory() {
            @Override
            public Residency residency(String device, Object key) {
                if (key == keyA) {
                    return device.equals("sim:1") ? Residency.RESIDENT : Residency.NO;
                }
                if (key == keyB) {
                    return device.equals("sim:0") ? Residency.RESIDENT : Residency.LOADABLE;
                }
                return Residency.NO;
            }

            @Override
            public long residentBytes(String device) {
                return device.equals("sim:0") ? 123 : 0;
            }
        };
        Map<String, AtomicInteger> stagesA = new ConcurrentHashMap<>();
        ProvingPipeline p = new ProvingPipeline(devices(1, "sim:0", "sim:1"), inv);
        ProofHandle a = p.submit(new Faulty(new SyntheticWorkload(SPEC, 1), stagesA, "none", 1, keyA));
        ProofHandle c = p.submit(new Faulty(new SyntheticWorkload(SPEC, 2), new ConcurrentHashMap<>(), "none", 1,
                "key C"));
        assertTrue(outcome(a).completed(), outcome(a).reason());
        assertEquals(Map.of("sim:1", 4), Map.of("sim:1", stagesA.get("sim:1").get()));
        assertNull(stagesA.get("sim:0"), "key A is not on sim:0");
        ProofOutcome oc = outcome(c);
        assertEquals(ProofOutcome.Status.FAILED, oc.status());
        assertTrue(oc.reason().matches("partition \\d has no device: no device in rotation can hold the parameters "
                + "of partition \\d: sim:0 cannot load them; sim:1 cannot load them"), oc.reason());
        // with both devices idle (one worker each, equal load) a partition of key B goes to sim:0, which holds it
        Map<String, AtomicInteger> stagesB = new ConcurrentHashMap<>();
        ProofHandle b = p.submit(new Faulty(new SyntheticWorkload(new SyntheticWorkload.Spec(1, MIB, MIB, 1, 1, 1),
                3), stagesB, "none", 1, keyB));
        assertTrue(outcome(b).completed(), outcome(b).reason());
        assertEquals(1, stagesB.get("sim:0").get());
        assertAllReleased(p);
        p.close();
        assertEquals(123, p.deviceLines().get(0).residentBytes());
    }
}
