package jzk.prover.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;
import jzk.arith.Fr;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.ProofCodec;
import jzk.prover.groth16.SetupEngine;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.Zkey;
import jzk.tornado.runtime.backend.AbstractDevice;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.jvm.JvmDevice;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The session owns what it makes on its devices: names, one backend per device, everything freed by close. */
@Timeout(60)
class ProverSessionTest {
    @Test
    void cpuAndJvmAreDifferentThings() {
        try (ProverSession s = ProverSession.open(List.of("cpu", "jvm"))) {
            assertEquals(List.of("cpu", "jvm"), s.devices());
            assertSame(CpuBackend.INSTANCE, s.backend("cpu"));
            assertInstanceOf(DeviceBackend.class, s.backend("jvm"));
            assertSame(s.backend("jvm"), s.backend("jvm"), "one backend per device");
            assertEquals("jvm", s.setupDevice());
            assertTrue(ProverSession.isCpu("cpu"));
            assertTrue(!ProverSession.isCpu("jvm"));
        }
        try (ProverSession s = ProverSession.open(List.of("cpu"))) {
            assertEquals("cpu", s.setupDevice());
            assertEquals("CPU", s.setupEngine().name());
        }
    }

    @Test
    void badNamesAreOneLine() {
        var unknown = assertThrows(IllegalArgumentException.class, () -> ProverSession.open(List.of("gpu9")));
        assertTrue(!(unknown instanceof DeviceNotAvailableException), unknown.toString());
        assertTrue(unknown.getMessage().startsWith("unknown device 'gpu9'; available: [cpu, ")
                && unknown.getMessage().contains("jvm"), unknown.getMessage());
        // a well-formed name of a known kind that this machine lacks: "not available", with the backend's status
        var missing = assertThrows(DeviceNotAvailableException.class, () -> ProverSession.open(List.of("cuda:9")));
        assertTrue(missing.getMessage().startsWith("device cuda:9 is not available on this machine (cuda")
                && missing.getMessage().contains(" device(s)")
                && missing.getMessage().contains("); available: [cpu, ")
                && missing.getMessage().contains("jvm"), missing.getMessage());
        var noPlatform = assertThrows(DeviceNotAvailableException.class,
                () -> ProverSession.open(List.of("opencl:7:3")));
        assertTrue(noPlatform.getMessage().startsWith("device opencl:7:3 is not available on this machine (opencl"),
                noPlatform.getMessage());
        var twice = assertThrows(IllegalArgumentException.class, () -> ProverSession.open(List.of("cpu", "cpu")));
        assertEquals("device listed twice in --device [cpu, cpu]", twice.getMessage());
        try (ProverSession s = ProverSession.open(List.of("cpu"))) {
            var other = assertThrows(IllegalArgumentException.class, () -> s.backend("jvm"));
            assertEquals("device 'jvm' is not in this session [cpu]", other.getMessage());
        }
    }

    @Test
    void defaultIsAGpuOrTheCpuProverNeverTheReferenceDevice() {
        String d = ProverSession.defaultDevice();
        boolean gpu = Devices.list().stream().anyMatch(i -> i.name().equals(d) && i.isGpu());
        assertTrue(d.equals("cpu") || gpu, d);
    }

    /**
     * Proving on the jvm device keeps resident bases as device buffers while the session is open (the same proof
     * bytes as the CPU prover, fixed r, s); closing the session brings the device's buffer count back to where it
     * started, a setup engine left open included. The snarkjs fixture keeps it fast (6 wires).
     */
    @Test
    void closeFreesEverythingTheSessionAllocated() throws Exception {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        provesAndFreesEverything("jvm", jvm::liveBuffers);
    }

    /**
     * The same on a named device, opt-in: {@code -Djzk.test.sessionDevice=cuda:0} (or {@code opencl:0:0}; PoCL
     * compiles the MSM and NTT kernels for about a minute on 2 cores).
     */
    @Test
    void closeFreesEverythingOnANamedDevice() throws Exception {
        String name = System.getProperty("jzk.test.sessionDevice");
        Assumptions.assumeTrue(name != null, "SKIPPED: set -Djzk.test.sessionDevice=cuda:0 to run on a device");
        AbstractDevice d = (AbstractDevice) Devices.get(name);
        provesAndFreesEverything(d.name(), d::openBufferCount);
    }

    /**
     * GPU worker k ≥ 1 proves on a stream of its own whose backend shares the device backend's resident bases: the
     * same proof bytes, no second upload of the key, and the session's close frees the streams too.
     */
    @Test
    void workerStreamsShareTheResidentBasesAndCloseWithTheSession() throws Exception {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        Path zk = Path.of(getClass().getResource("/snarkjs/mul/k.zkey").toURI());
        Path wt = Path.of(getClass().getResource("/snarkjs/mul/w.wtns").toURI());
        Zkey z = Zkey.read(zk);
        long[] wit = SnarkjsProver.readWitness(wt);
        long[] r = Fr.F.fromLong(5);
        long[] t = Fr.F.fromLong(7);
        byte[] cpu = ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, CpuBackend.INSTANCE, r, t));
        int before = jvm.liveBuffers();
        try (ProverSession s = ProverSession.open(List.of("cpu", "jvm"))) {
            assertSame(CpuBackend.INSTANCE, s.backend("cpu", 3));
            assertSame(s.backend("jvm"), s.backend("jvm", 0));
            assertTrue(ProverSession.WORKER_STREAMS, "worker streams are on by default");
            assertTrue(s.backend("jvm", 1) != s.backend("jvm", 0), "worker 1 has a backend of its own");
            assertSame(s.backend("jvm", 1), s.backend("jvm", 1));
            assertArrayEquals(cpu, ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, s.backend("jvm", 0), r, t)));
            long resident = s.residentBytes("jvm");
            int afterFirst = jvm.liveBuffers();
            assertTrue(resident > 0);
            assertArrayEquals(cpu, ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, s.backend("jvm", 1), r, t)));
            assertEquals(resident, s.residentBytes("jvm"), "the stream's backend uses the device's resident bases");
            assertEquals(afterFirst, jvm.liveBuffers(), "no second upload");
        }
        assertEquals(before, jvm.liveBuffers(), "every buffer of the session freed, the streams' included");
    }

    private void provesAndFreesEverything(String device, IntSupplier buffers) throws Exception {
        Path zk = Path.of(getClass().getResource("/snarkjs/mul/k.zkey").toURI());
        Path wt = Path.of(getClass().getResource("/snarkjs/mul/w.wtns").toURI());
        Zkey z = Zkey.read(zk);
        long[] wit = SnarkjsProver.readWitness(wt);
        long[] r = Fr.F.fromLong(5);
        long[] t = Fr.F.fromLong(7);
        byte[] cpu = ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, CpuBackend.INSTANCE, r, t));

        int before = buffers.getAsInt();
        ProverSession s = ProverSession.open(List.of(device));
        assertArrayEquals(cpu, ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, s.backend(device), r, t)));
        assertTrue(buffers.getAsInt() > before, "resident bases stay on the device while the session is open");
        SetupEngine e = s.setupEngine(); // never closed by its user: the session's to close
        assertTrue(e.name().startsWith("GPU fixed-base on " + device), e.name());
        s.close();
        assertEquals(before, buffers.getAsInt(), "every buffer of the session freed");
        assertTrue(s.isClosed());
        assertThrows(IllegalStateException.class, () -> s.backend(device));
        assertThrows(IllegalStateException.class, s::setupEngine);
        s.close(); // idempotent
    }
}
