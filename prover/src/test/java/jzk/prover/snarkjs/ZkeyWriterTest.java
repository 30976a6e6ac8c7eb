package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.circuits.ChainCircuit;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.SnarkjsSetup;
import jzk.prover.groth16.Verifier;
import jzk.prover.r1cs.Circuit;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SnarkjsSetup} + {@link ZkeyWriter} + {@link WtnsWriter}: the written files read back through {@link Zkey} /
 * {@link WtnsReader} unchanged, jzk's snarkjs prover makes a proof that jzk's verifier accepts, and — the independent
 * check — the real {@code snarkjs groth16 verify} accepts it and {@code snarkjs groth16 prove} on the same zkey and
 * wtns makes a proof that jzk accepts (snarkjs parts skipped with a message when snarkjs is not on PATH).
 */
class ZkeyWriterTest {
    @TempDir
    Path tmp;

    private static void roundTrip(Path tmp, boolean square, boolean withSnarkjs) throws Exception {
        Circuit circuit = ChainCircuit.of(61, square); // 61 + 2 + 1 = 64 rows
        R1cs cs = Synthesizer.record(circuit);
        Witness w = Synthesizer.witness(circuit);
        ProvingKey pk = SnarkjsSetup.generate(cs, new Random(square ? 5 : 6));
        assertEquals(6, pk.lgDomain);
        Path zkey = tmp.resolve("c.zkey");
        Path wtns = tmp.resolve("c.wtns");
        ZkeyWriter.write(zkey, cs, pk);
        WtnsWriter.write(wtns, w);

        Zkey z = Zkey.read(zkey);
        assertEquals(pk.nVars, z.nVars);
        assertEquals(pk.nPublic, z.nPublic);
        assertEquals(64, z.domainSize);
        assertArrayEquals(pk.a, z.a);
        assertArrayEquals(pk.b2, z.b2);
        assertArrayEquals(pk.l, z.c);
        assertArrayEquals(pk.h, z.h);
        assertArrayEquals(pk.delta2, z.delta2);
        assertEquals(cs.a().nnz() + cs.b().nnz() + pk.nPublic + 1, z.nCoefs);
        assertArrayEquals(w.z(), WtnsReader.read(wtns, cs).z());

        long[] wc = SnarkjsProver.readWitness(wtns);
        long[] pub = SnarkjsProver.publicSignals(z, wc);
        assertArrayEquals(w.publicInputs(), pub);
        PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk);
        Proof p = SnarkjsProver.prove(z, wc, wtns, CpuBackend.INSTANCE, Fr.F.fromLong(11), Fr.F.fromLong(12));
        assertTrue(Verifier.verify(pvk, p, pub), "jzk accepts its proof from the written zkey");
        long[] wrong = pub.clone();
        Fr.F.add(wrong, 0, wrong, 0, Fr.F.fromLong(1), 0);
        assertFalse(Verifier.verify(pvk, p, wrong), "jzk rejects a wrong public input");

        if (!withSnarkjs) {
            return;
        }
        SnarkjsCli.assumeTools("snarkjs");
        Path vk = tmp.resolve("vk.json");
        Path proof = tmp.resolve("proof.json");
        Path pubJson = tmp.resolve("public.json");
        SnarkjsJson.writeVerifyingKey(vk, pk.vk);
        SnarkjsJson.writeProof(proof, p);
        SnarkjsJson.writePublic(pubJson, pub);
        assertTrue(SnarkjsCli.verify(tmp, vk, pubJson, proof), "snarkjs accepts jzk's proof with the written zkey");
        Path sp = tmp.resolve("sproof.json");
        Path spub = tmp.resolve("spublic.json");
        SnarkjsCli.run(tmp, "snarkjs", "groth16", "prove", zkey.toString(), wtns.toString(), sp.toString(),
                spub.toString());
        assertArrayEquals(pub, SnarkjsJson.readPublic(spub), "snarkjs reads the same public signals from the wtns");
        assertTrue(Verifier.verify(pvk, SnarkjsJson.readProof(sp), pub), "jzk accepts snarkjs's proof");
    }

    @Test
    void mulChainZkeyWorksInJzkAndSnarkjs() throws Exception {
        roundTrip(tmp, false, true);
    }

    @Test
    void squareChainZkeyWorksInJzk() throws Exception {
        roundTrip(tmp, true, false);
    }
}
