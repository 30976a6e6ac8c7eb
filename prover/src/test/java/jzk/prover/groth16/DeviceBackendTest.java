package jzk.prover.groth16;

import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.Zkey;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.runtime.Devices;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.MsmOps;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device backend on the jvm device (the kernels run as Java with real work-groups): with the same r, s it
 * must produce byte-identical proofs to the CPU backend, for our keys (coset by 7) and for a snarkjs zkey (odd
 * coset).
 */
class DeviceBackendTest {
    @Test
    void jvmDeviceMatchesCpuByteForByte() throws Exception {
        var circuit = TestCircuits.powerChain(3, 4, 12, false);
        R1cs cs = Synthesizer.record(circuit);
        Witness w = Synthesizer.witness(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(40));
        long[] r = Fr.F.fromLong(123456789);
        long[] s = Fr.F.fromLong(987654321);
        try (KernelHost host = DeviceHosts.jvm()) {
            DeviceBackend dev = new DeviceBackend(host);
            // twice: the second proof runs on the resident bases of the first
            Proof cpu = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, r, s);
            Proof gpu = Groth16.prove(pk, cs, w, dev, r, s);
            assertArrayEquals(ProofCodec.encode(cpu), ProofCodec.encode(gpu), "bellman-family key");
            assertArrayEquals(ProofCodec.encode(cpu), ProofCodec.encode(Groth16.prove(pk, cs, w, dev, r, s)),
                    "bellman-family key, resident bases");
            assertTrue(Groth16.verify(pk.vk, gpu, w.publicInputs()));

            Path zk = Path.of(getClass().getResource("/snarkjs/mul/k.zkey").toURI());
            Path wt = Path.of(getClass().getResource("/snarkjs/mul/w.wtns").toURI());
            Zkey z = Zkey.read(zk);
            long[] wit = SnarkjsProver.readWitness(wt);
            Proof c2 = SnarkjsProver.prove(z, wit, wt, CpuBackend.INSTANCE, r, s);
            Proof g2 = SnarkjsProver.prove(z, wit, wt, dev, r, s);
            assertArrayEquals(ProofCodec.encode(c2), ProofCodec.encode(g2), "snarkjs zkey");
            dev.close();
        }
    }

    /**
     * A witness of mostly bits: the A, B1, L and B2 MSMs over it are split by scalar class on the device
     * ({@code SplitMsm}; counted with {@link MsmOps}), and the proof is still byte-identical with the CPU's.
     */
    @Test
    void bitHeavyWitnessIsSplitAndMatchesCpu() {
        var circuit = TestCircuits.bitDecompositions(2, 5);
        R1cs cs = Synthesizer.record(circuit);
        Witness w = Synthesizer.witness(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(41));
        long[] r = Fr.F.fromLong(31);
        long[] s = Fr.F.fromLong(37);
        Proof cpu = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, r, s);
        try (KernelHost host = DeviceHosts.jvm(); DeviceBackend dev = new DeviceBackend(host)) {
            Proof[] gpu = new Proof[1];
            MsmOps ops = MsmOps.count(() -> gpu[0] = Groth16.prove(pk, cs, w, dev, r, s));
            assertArrayEquals(ProofCodec.encode(cpu), ProofCodec.encode(gpu[0]), "bit-heavy witness");
            assertTrue(ops.splitSegments >= 4, "A, B1, L, B2 split: " + ops);
            assertTrue(Groth16.verify(pk.vk, gpu[0], w.publicInputs()));
        }
    }

    /**
     * The same on a real OpenCL device: the first one found (PoCL in CI), {@code -Djzk.test.opencl=NAME} for
     * another, {@code =none} to skip ({@link DeviceHosts#openclForTests()}). PoCL's first compile of the NTT and
     * MSM kernels takes ~40-60 s on 2 cores; the kernel-module tests, which run first, have then filled PoCL's
     * kernel cache with the same programs (same source, same hash), so here it takes ~5 s.
     */
    @Test
    void openclDeviceMatchesCpuByteForByte() throws Exception {
        var device = DeviceHosts.openclForTests();
        Assumptions.assumeTrue(device.isPresent(),
                "no OpenCL device (install PoCL: setup-tornado.sh) or -Djzk.test.opencl=none");
        String name = device.get();
        DeviceBackend dev = new DeviceBackend(new DeviceHost(Devices.get(name)));
        long[] r = Fr.F.fromLong(11);
        long[] s = Fr.F.fromLong(13);
        Path zk = Path.of(getClass().getResource("/snarkjs/mul/k.zkey").toURI());
        Path wt = Path.of(getClass().getResource("/snarkjs/mul/w.wtns").toURI());
        Zkey z = Zkey.read(zk);
        long[] wit = SnarkjsProver.readWitness(wt);
        assertArrayEquals(ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, CpuBackend.INSTANCE, r, s)),
                ProofCodec.encode(SnarkjsProver.prove(z, wit, wt, dev, r, s)), "snarkjs zkey on " + name);
        var circuit = TestCircuits.powerChain(3, 4, 12, false);
        R1cs cs = Synthesizer.record(circuit);
        Witness w = Synthesizer.witness(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(40));
        assertArrayEquals(ProofCodec.encode(Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, r, s)),
                ProofCodec.encode(Groth16.prove(pk, cs, w, dev, r, s)), "bellman key on " + name);
        // a witness of mostly bits: the MSMs split by scalar class on the device
        var bits = TestCircuits.bitDecompositions(2, 5);
        R1cs bcs = Synthesizer.record(bits);
        Witness bw = Synthesizer.witness(bits);
        ProvingKey bpk = Groth16.setup(bcs, new Random(41));
        Proof[] split = new Proof[1];
        MsmOps ops = MsmOps.count(() -> split[0] = Groth16.prove(bpk, bcs, bw, dev, r, s));
        assertArrayEquals(ProofCodec.encode(Groth16.prove(bpk, bcs, bw, CpuBackend.INSTANCE, r, s)),
                ProofCodec.encode(split[0]), "bit-heavy witness on " + name);
        assertTrue(ops.splitSegments >= 4, "split on " + name + ": " + ops);
        dev.close();
    }
}
