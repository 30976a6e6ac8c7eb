package jzk.prover.groth16;

import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.UnsatisfiedConstraintException;
import jzk.prover.r1cs.WitnessConstraintSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parameter file round trip and validation; prover determinism and the unsatisfied-witness check. */
class ParamsFileAndProverTest {
    @TempDir
    Path tmp;

    @Test
    void paramsRoundTripAndRejectDamage() throws Exception {
        var circuit = TestCircuits.powerChain(5, 2, 6, false);
        R1cs cs = Synthesizer.record(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(3));
        byte[] id = ParamsFile.shapeId(cs);
        Path f = tmp.resolve("k.params");
        ParamsFile.write(f, pk, id);
        ProvingKey back = ParamsFile.read(f, id);
        assertEquals(pk.vk, back.vk);
        assertArrayEquals(pk.a, back.a);
        assertArrayEquals(pk.b2, back.b2);
        assertArrayEquals(pk.l, back.l);
        assertArrayEquals(pk.h, back.h);
        assertEquals(pk.nRows, back.nRows);

        byte[] bytes = Files.readAllBytes(f);
        Path trunc = tmp.resolve("trunc.params");
        Files.write(trunc, Arrays.copyOf(bytes, bytes.length - 64));
        var e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(trunc, null));
        assertTrue(e.getMessage().contains("trunc.params") && e.getMessage().contains("truncated"), e.getMessage());

        R1cs other = Synthesizer.record(TestCircuits.powerChain(5, 2, 7, false));
        e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(f, ParamsFile.shapeId(other)));
        assertTrue(e.getMessage().contains("shape id"), e.getMessage());

        byte[] bad = bytes.clone();
        long aOff = java.nio.ByteBuffer.wrap(bad).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(96 + 16 * 7);
        bad[(int) aOff + 3] ^= 0x10;
        Path badPoint = tmp.resolve("bad.params");
        Files.write(badPoint, bad);
        e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(badPoint, null));
        assertTrue(e.getMessage().contains("a point 0") && e.getMessage().contains("@ byte " + aOff),
                e.getMessage());
    }

    @Test
    void fixedBlindingGivesIdenticalProofsAndFreshBlindingDiffers() {
        var circuit = TestCircuits.powerChain(3, 9, 10, false);
        R1cs cs = Synthesizer.record(circuit);
        var w = Synthesizer.witness(circuit);
        ProvingKey pk = Groth16.setup(cs, new Random(5));
        Proof p1 = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, new Random(6));
        Proof p2 = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, new Random(6));
        Proof p3 = Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, new Random(7));
        assertEquals(p1, p2);
        assertNotEquals(p1, p3);
    }

    @Test
    void unsatisfiedWitnessIsRejectedNamingTheConstraint() {
        R1cs cs = Synthesizer.record(TestCircuits.powerChain(3, 9, 4, false));
        ProvingKey pk = Groth16.setup(cs, new Random(8));
        WitnessConstraintSystem wcs = new WitnessConstraintSystem(false);
        TestCircuits.powerChain(3, 9, 4, true).synthesize(wcs);
        var bad = wcs.finish();
        var e = assertThrows(UnsatisfiedConstraintException.class,
                () -> Groth16.prove(pk, cs, bad, CpuBackend.INSTANCE, new Random(1)));
        assertTrue(e.getMessage().contains("sum"), e.getMessage());
    }
}
