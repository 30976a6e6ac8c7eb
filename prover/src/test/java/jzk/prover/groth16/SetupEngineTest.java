package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.JvmHost;
import jzk.tornado.bls.KernelHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parameter generation with the fixed-base batches on a device ({@link SetupEngine#device}) gives the same
 * parameter file, byte for byte, as the CPU path for the same toxic waste: on {@link JvmHost} and on every device
 * the runtime finds (its jvm device; PoCL in CI: one kernel compile, a few seconds). {@code -Djzk.test.devices=none}
 * keeps only JvmHost. The device parameters also prove and verify.
 */
class SetupEngineTest {
    @TempDir
    Path tmp;

    static List<KernelHost> hosts() {
        List<KernelHost> h = new ArrayList<>();
        h.add(new JvmHost());
        if (!"none".equals(System.getProperty("jzk.test.devices"))) {
            h.addAll(DeviceHosts.forTests());
        }
        return h;
    }

    private static byte[] file(Path dir, String name, ProvingKey pk, byte[] id) throws Exception {
        Path f = dir.resolve(name);
        ParamsFile.write(f, pk, id);
        return Files.readAllBytes(f);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hosts")
    void deviceParamsAreByteIdenticalToCpu(KernelHost host) throws Exception {
        var circuit = TestCircuits.powerChain(3, 4, 40, false); // 41 constraints + 3 input rows: domain 2^6
        R1cs cs = Synthesizer.record(circuit);
        byte[] id = ParamsFile.shapeId(cs);
        long[] w = Setup.toxicWaste(new Random(77));
        ProvingKey cpu = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16);
        ProvingKey dev;
        try (SetupEngine e = SetupEngine.device(host, 1)) {
            dev = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, e);
            // A, B1, B2 (nVars each), L (private variables), H (n − 1 = 63), IC (inputs + 1) on the device;
            // the six single points (α, β, γ, δ) are FixedBaseMul's, outside the engine
            assertEquals(3L * cs.numVariables() + (cs.numVariables() - cs.numInputs() - 1) + 63
                    + cs.numInputs() + 1, e.devicePoints(), "points on the device");
            assertEquals(0, e.cpuPoints(), "no batch on the CPU");
            assertTrue(e.summary().contains(host.name()), e.summary());
        }
        assertArrayEquals(file(tmp, "cpu.params", cpu, id), file(tmp, "dev.params", dev, id),
                "parameter files from the CPU and from " + host.name());
        Witness wit = Synthesizer.witness(circuit);
        Proof p = Groth16.prove(dev, cs, wit, CpuBackend.INSTANCE, new Random(5));
        assertTrue(Groth16.verify(dev.vk, p, wit.publicInputs()), "proof under device parameters verifies");
    }

    /** Batches below the threshold stay on the CPU; the mixed result is still byte-identical. */
    @Test
    void smallBatchesStayOnTheCpu() throws Exception {
        var circuit = TestCircuits.powerChain(3, 4, 40, false);
        R1cs cs = Synthesizer.record(circuit);
        byte[] id = ParamsFile.shapeId(cs);
        assertTrue(cs.numVariables() < 60 && cs.numConstraints() + cs.numInputs() + 1 <= 64, "test sizes");
        long[] w = Setup.toxicWaste(new Random(78));
        ProvingKey cpu = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16);
        try (SetupEngine e = SetupEngine.device(new JvmHost(), 60)) {
            ProvingKey dev = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, e);
            // nVars < 60: A, B1, B2, L, IC on the CPU; H (63 points) on the device
            assertEquals(63, e.devicePoints(), e.summary());
            assertArrayEquals(file(tmp, "cpu.params", cpu, id), file(tmp, "mixed.params", dev, id));
        }
        try (SetupEngine e = SetupEngine.cpu()) {
            ProvingKey again = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, e);
            assertEquals(0, e.devicePoints());
            assertTrue(e.summary().startsWith("setup on the CPU"), e.summary());
            assertArrayEquals(file(tmp, "cpu.params", cpu, id), file(tmp, "cpu2.params", again, id));
        }
    }
}
