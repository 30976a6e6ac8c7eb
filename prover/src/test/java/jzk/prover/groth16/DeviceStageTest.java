package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.circuits.PorepCircuit;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.pipeline.PhaseTimes;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.runtime.Devices;
import jzk.tornado.runtime.jvm.JvmDevice;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The GPU stage from the witness ({@link DeviceStage}, {@link DeviceR1cs}) on the jvm device against the host path:
 * the a/b/c vectors the device evaluates equal {@link StagedProver#evaluations} element for element (a PoRep
 * partition: Poseidon's many coefficients, B rows aliased to A rows on the host, public inputs; a bit-heavy
 * circuit); the proof with fixed r, s is byte-identical with the CPU prover's and verifies, for a jzk key (coset by
 * 7, divided by Z) and a snarkjs key (odd coset), also on an OpenCL device when asked ({@code -Djzk.test.opencl};
 * passed on PoCL); the same with the NTT plans kept by the backend ({@code jzk.ntt.keepPlans}: one plan per
 * size and family over several stages, counted resident); a wrong witness names the host's first failing row;
 * closing the backend frees the resident matrices (and kept plans).
 */
class DeviceStageTest {
    private record Case(String name, Circuit circuit, R1cs cs, Witness w) {
        static Case of(String name, Circuit c) {
            return new Case(name, c, Synthesizer.record(c), Synthesizer.witness(c, false));
        }
    }

    private static Case[] cases() {
        return cases(2, 3);
    }

    /** A PoRep partition of k challenges at depth d, and a bit-heavy circuit. */
    private static Case[] cases(int k, int d) {
        PorepShape shape = new PorepShape(k, d, MerkleHash.POSEIDON);
        PorepCircuit porep = new PorepCircuit(shape, PorepInputGenerator.generate(shape, 1, 9).partitions().get(0));
        return new Case[] {Case.of("porep k=" + k + " d=" + d, porep),
                Case.of("bits", TestCircuits.bitDecompositions(2, 6))};
    }

    @Test
    void deviceEvaluationsEqualTheHostPath() {
        try (KernelHost host = DeviceHosts.jvm(); DeviceBackend dev = new DeviceBackend(host)) {
            for (Case k : cases()) {
                ProvingKey pk = Groth16.setup(k.cs(), new Random(5));
                int n = pk.domainSize();
                long[] a = new long[4 * n];
                long[] b = new long[4 * n];
                long[] c = new long[4 * n];
                StagedProver.evaluations(pk, k.cs(), k.w().z(), a, b, c);
                DeviceR1cs m = dev.matrices(k.cs());
                assertTrue(m == dev.matrices(k.cs()), "resident: one upload per shape");
                long[][] got = new long[3][4 * n];
                try (KernelHost.Buffer z = host.allocate(8L * pk.nVars); KernelHost.Buffer ba = host.allocate(8L * n);
                     KernelHost.Buffer bb = host.allocate(8L * n); KernelHost.Buffer bc = host.allocate(8L * n)) {
                    host.write(z, 0, k.w().z(), 0, 4 * pk.nVars);
                    m.evaluate(z, ba, bb, bc, pk.nPublic + 1, n);
                    host.read(ba, 0, got[0], 0, 4 * n);
                    host.read(bb, 0, got[1], 0, 4 * n);
                    host.read(bc, 0, got[2], 0, 4 * n);
                }
                assertArrayEquals(a, got[0], k.name() + ": a");
                assertArrayEquals(b, got[1], k.name() + ": b");
                assertArrayEquals(c, got[2], k.name() + ": c");
            }
        }
    }

    @Test
    void proofsAreByteIdenticalWithTheCpuProver() {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        try (KernelHost host = DeviceHosts.jvm()) {
            proveAndCompare(host, jvm::liveBuffers, false);
        }
    }

    /**
     * With kept NTT plans ({@code jzk.ntt.keepPlans}): the same bytes, every stage run twice, one plan built per
     * (size, root family) and counted in the resident bytes; close frees it with the bases.
     */
    @Test
    void keptPlansGiveTheSameProofsAndAreBuiltOnce() {
        JvmDevice jvm = (JvmDevice) Devices.jvm();
        try (KernelHost host = DeviceHosts.jvm()) {
            proveAndCompare(host, jvm::liveBuffers, true);
        }
    }

    /** The same on an OpenCL device, opt-in: {@code -Djzk.test.opencl=opencl:0:0} (PoCL: minutes of kernel builds). */
    @Test
    void proofsAreByteIdenticalOnOpenCl() {
        String name = System.getProperty("jzk.test.opencl");
        Assumptions.assumeTrue(name != null, "SKIPPED: set -Djzk.test.opencl=opencl:0:0 to run on an OpenCL device");
        jzk.tornado.runtime.backend.AbstractDevice d = (jzk.tornado.runtime.backend.AbstractDevice) Devices.get(name);
        try (KernelHost host = new DeviceHost(d)) {
            proveAndCompare(host, d::openBufferCount, false);
            proveAndCompare(host, d::openBufferCount, true);
        }
    }

    /**
     * Both key families on both cases; {@code buffers} counts the device's live buffers; {@code keepPlans}: the
     * backend keeps its NTT plans, and every stage runs twice (the second with the first's plan).
     */
    private void proveAndCompare(KernelHost host, java.util.function.IntSupplier buffers, boolean keepPlans) {
        long[] r = Fr.F.fromLong(1234567);
        long[] s = Fr.F.fromLong(7654321);
        int before = buffers.getAsInt();
        DeviceBackend dev = new DeviceBackend(host, keepPlans);
        long planBytes = 0;
        int stages = 0;
        Case[] cases = cases(1, 2);
        for (int i = 0; i < cases.length; i++) {
            Case k = cases[i];
            // the PoRep case with a jzk key (coset by 7, divided by Z), the bit-heavy one with a snarkjs key (odd
            // coset): each key family once keeps the Java-executed MSMs of the jvm device to seconds
            ProvingKey pk = i == 0 ? Groth16.setup(k.cs(), new Random(6))
                    : SnarkjsSetup.generate(k.cs(), new Random(8));
            byte[] cpu = ProofCodec.encode(hostPath(pk, k.cs(), k.w(), r, s));
            if (pk.hVariant == ProvingKey.HVariant.BELLMAN) {
                assertArrayEquals(ProofCodec.encode(Groth16.prove(pk, k.cs(), k.w(), CpuBackend.INSTANCE, r, s)),
                        cpu, "the host path is the CPU prover");
            }
            for (int run = 0; run < (keepPlans ? 2 : 1); run++) {
                PhaseTimes times = new PhaseTimes();
                long[] z = k.w().z().clone();
                DeviceStage.Result res = DeviceStage.run(pk, k.cs(), dev, z, true, times.clock(), k.name());
                assertArrayEquals(k.w().z(), z, "the witness is not modified");
                Proof p = StagedProver.assemble(pk, res.g1(), res.b2(), r, s);
                assertArrayEquals(cpu, ProofCodec.encode(p), k.name() + " " + pk.hVariant + " run " + run);
                assertTrue(Groth16.verify(pk.vk, p, k.w().publicInputs()), k.name());
                String last = pk.hVariant == ProvingKey.HVariant.BELLMAN ? "ntt h" : "a*b-c";
                for (String phase : new String[] {"upload z", "abc eval", "ntt a", last, "msm H", "msm L",
                        "msm B2 (G2)"}) {
                    assertEquals(1, times.summaries().get(phase).count(), phase + " lapped once");
                }
            }
            // the keys' families differ (bellman: 7, snarkjs: 5), so each case has a plan of its own
            stages += keepPlans ? 2 : 1;
            assertEquals(keepPlans ? i + 1 : stages, dev.nttPlansBuilt(), "plans built after case " + i);
            planBytes += 32L * pk.domainSize(); // ω^{±i}, i < n/2: two tables of n/2 elements, 32 bytes each
        }
        assertEquals(keepPlans ? cases.length : stages, dev.nttPlansBuilt(),
                keepPlans ? "one plan per (size, family) for two stages each" : "one plan per stage");
        if (keepPlans) {
            assertTrue(dev.nttPlanBytes() >= planBytes, dev.nttPlanBytes() + " bytes of kept plans, tables alone "
                    + planBytes);
            assertTrue(dev.residentBytes() >= dev.nttPlanBytes(), "kept plans count as resident");
        } else {
            assertEquals(0, dev.nttPlanBytes(), "no plan kept");
        }
        assertTrue(buffers.getAsInt() > before, "bases and matrices stay resident");
        dev.close();
        assertEquals(before, buffers.getAsInt(), "close frees the resident matrices and bases (and kept plans)");
        assertEquals(0, dev.nttPlanBytes());
    }

    /** The staged host path on the CPU backend: host a/b/c, the G1 phase, the G2 MSM, the assembly. */
    private static Proof hostPath(ProvingKey pk, R1cs cs, Witness w, long[] r, long[] s) {
        int n = pk.domainSize();
        long[] a = new long[4 * n];
        long[] b = new long[4 * n];
        long[] c = new long[4 * n];
        StagedProver.evaluations(pk, cs, w.z(), a, b, c);
        long[] zc = w.z().clone();
        Fr.F.toCanonicalVector(zc, 0, pk.nVars);
        StagedProver.G1Sums g1 = StagedProver.g1Phase(pk, CpuBackend.INSTANCE, a, b, c, zc);
        return StagedProver.assemble(pk, g1, StagedProver.msmB2(pk, CpuBackend.INSTANCE, zc), r, s);
    }

    @Test
    void wrongWitnessNamesTheHostsFirstFailingRow() {
        Case k = cases()[0];
        ProvingKey pk = Groth16.setup(k.cs(), new Random(7));
        long[] z = k.w().z().clone();
        int var = pk.nVars - 3;
        Fr.F.add(z, 4 * var, z, 4 * var, Fr.F.fromLong(1), 0);
        int n = pk.domainSize();
        long[] a = new long[4 * n];
        long[] b = new long[4 * n];
        long[] c = new long[4 * n];
        StagedProver.evaluations(pk, k.cs(), z, a, b, c);
        int row = StagedProver.firstUnsatisfiedRow(a, b, c, k.cs().numConstraints());
        assertTrue(row >= 0);
        try (KernelHost host = DeviceHosts.jvm(); DeviceBackend dev = new DeviceBackend(host)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> DeviceStage.run(pk, k.cs(), dev, z, false, PhaseTimes.noClock(), "proof 1 partition 0"));
            assertEquals("proof 1 partition 0: constraint " + row + " of " + k.cs().numConstraints()
                    + " is not satisfied by the witness (A·z · B·z ≠ C·z)", e.getMessage());
        }
    }
}
