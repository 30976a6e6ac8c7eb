package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import jzk.arith.Curve;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The opt-in subgroup check of {@link ParamsFile#read(Path, byte[], boolean)}: a point on the curve but outside
 * the order-r subgroup (a random curve point: the cofactors are > 1, so it is outside with overwhelming
 * probability, which the test asserts with field-arith's order test [r]P ≠ O) passes the default read and is
 * rejected, with its section, index and byte offset, when the check is on. Also times the check per point.
 */
class SubgroupCheckTest {
    @TempDir
    Path tmp;

    /** A random affine point of the curve y² = x³ + b (not cleared of the cofactor). */
    static long[] randomCurvePoint(Curve c, Random rnd) {
        int n = c.n;
        long[] p = new long[2 * n];
        long[] t = new long[n];
        while (true) {
            for (int i = 0; i < n; i += 6) {
                jzk.arith.Fp.F.random(p, i, rnd);
            }
            c.field.square(t, 0, p, 0);
            c.field.mul(t, 0, t, 0, p, 0);
            c.field.add(t, 0, t, 0, c.b(), 0);
            if (c.field.sqrt(p, n, t, 0)) {
                return p;
            }
        }
    }

    @Test
    void pointOutsideTheSubgroupIsFoundOnlyWhenAsked() throws Exception {
        R1cs cs = Synthesizer.record(TestCircuits.powerChain(5, 2, 6, false));
        ProvingKey pk = Groth16.setup(cs, new Random(3));
        byte[] id = ParamsFile.shapeId(cs);
        Random rnd = new Random(9);
        for (int section : new int[] {10, 9}) { // l (G1) point 1, b2 (G2) point 1
            boolean g2 = section == 9;
            Curve c = g2 ? G2.CURVE : G1.CURVE;
            long[] bad = randomCurvePoint(c, rnd);
            assertTrue(c.isOnCurveAffine(bad, 0));
            assertFalse(c.isTorsionFreeByOrder(bad, 0), "random curve point is outside the subgroup");
            Path f = tmp.resolve("k" + section + ".params");
            ParamsFile.write(f, pk, id);
            byte[] bytes = Files.readAllBytes(f);
            ByteBuffer bb = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            long off = bb.getLong(96 + 16 * section) + (long) c.affineLongs() * 8;
            for (int i = 0; i < bad.length; i++) {
                bb.putLong((int) off + 8 * i, bad[i]);
            }
            Files.write(f, bytes);
            ParamsFile.read(f, id, false); // on the curve: the default read accepts it
            var e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(f, id, true));
            String name = g2 ? "b2" : "l";
            assertTrue(e.getMessage().contains(name + " point 1 is not in the order-r subgroup of " + (g2 ? "G2" : "G1"))
                    && e.getMessage().contains("@ byte " + off), e.getMessage());
        }
        // a key from our generator passes the check
        Path good = tmp.resolve("good.params");
        ParamsFile.write(good, pk, id);
        assertEquals(pk.nVars, ParamsFile.read(good, id, true).nVars);
    }
}
