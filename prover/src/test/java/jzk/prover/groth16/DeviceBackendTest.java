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
     * The same on a real OpenCL device (PoCL on the CI box). Opt-in with {@code -Djzk.test.opencl=opencl:0:0}:
     * PoCL's first compile of the NTT and MSM kernels takes about a minute on 2 cores (measured 63 s; 0.16 s per
     * proof afterwards), too long for the default suite.
     */
    @Test
    void openclDeviceMatchesCpuByteForByte() throws Exception {
        String name = System.getProperty("jzk.test.opencl");
        Assumptions.assumeTrue(name != null, "SKIPPED: set -Djzk.test.opencl=opencl:0:0 to run on an OpenCL device");
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
    }
}
