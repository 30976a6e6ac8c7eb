package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parameter generation with the fixed-base batches on a device ({@link SetupEngine#device}) gives the same
 * parameter file, byte for byte, as the CPU path for the same toxic waste: on every device the runtime finds (its jvm
 * device, the reference; PoCL in CI: one kernel compile, a few seconds). {@code -Djzk.test.devices=none} keeps only
 * the jvm device. The device parameters also prove and verify.
 */
class SetupEngineTest {
    @TempDir
    Path tmp;

    static List<KernelHost> hosts() {
        return DeviceHosts.forTests();
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

    /**
     * The prover's table and CPU batch ({@link FixedBaseMul}) and the device batch over that same table against
     * field-arith's double-and-add ({@link jzk.arith.Curve#mul}), for G1 and G2, on edge scalars (0, 1, r − 1,
     * r, 2^256 − 1 = all digits 255, 0xE8·2^248 − r whose last window doubles, equal scalars) and random ones.
     */
    @Test
    void fixedBaseMulMatchesDoubleAndAdd() {
        java.math.BigInteger r = jzk.arith.Fr.R;
        Random rnd = new Random(4);
        java.math.BigInteger same = new java.math.BigInteger(250, rnd);
        java.math.BigInteger[] ks = {java.math.BigInteger.ZERO, java.math.BigInteger.ONE,
            r.subtract(java.math.BigInteger.ONE), r, java.math.BigInteger.ONE.shiftLeft(256).subtract(
                    java.math.BigInteger.ONE), java.math.BigInteger.valueOf(0xE8).shiftLeft(248).subtract(r), same, same,
            same, new java.math.BigInteger(254, rnd), new java.math.BigInteger(200, rnd)};
        long[] sc = new long[4 * ks.length];
        for (int i = 0; i < ks.length; i++) {
            System.arraycopy(jzk.arith.Limbs.fromBigInteger(ks[i], 4), 0, sc, 4 * i, 4);
        }
        for (jzk.arith.Curve c : new jzk.arith.Curve[] {jzk.arith.G1.CURVE, jzk.arith.G2.CURVE}) {
            long[] p = new long[c.affineLongs()];
            long[] j = new long[c.jacobianLongs()];
            c.mul(j, 0, c.generatorAffine(), 0, java.math.BigInteger.valueOf(77));
            c.toAffine(p, 0, j, 0);
            FixedBaseMul base = new FixedBaseMul(c, p);
            long[] cpu = base.mulAll(sc, ks.length);
            long[] dev;
            try (SetupEngine e = SetupEngine.device(DeviceHosts.jvm(), 1)) {
                dev = e.mulAll(base, sc, ks.length);
            }
            int al = c.affineLongs();
            for (int i = 0; i < ks.length; i++) {
                long[] want = new long[al];
                c.mul(j, 0, p, 0, ks[i]);
                c.toAffine(want, 0, j, 0);
                assertArrayEquals(want, java.util.Arrays.copyOfRange(cpu, i * al, (i + 1) * al), c.name + " CPU " + i);
                assertArrayEquals(want, java.util.Arrays.copyOfRange(dev, i * al, (i + 1) * al), c.name + " device " + i);
            }
        }
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
        try (SetupEngine e = SetupEngine.device(DeviceHosts.jvm(), 60)) {
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
