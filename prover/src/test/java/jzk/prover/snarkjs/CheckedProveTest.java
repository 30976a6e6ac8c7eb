package jzk.prover.snarkjs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import jzk.arith.Fr;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.Verifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SnarkjsProver#proveChecked} on the snarkjs-made fixture (resources/snarkjs/mul): a good witness gives a
 * proof that verifies; a witness of the right size that breaks a constraint is named by its constraint (with the
 * .r1cs) or refused as "input or key" (without); a zkey altered with valid curve points is blamed as the key.
 * The .r1cs is built here byte by byte from mul.circom (wires 0 = one, 1 = out, 2 = a, 3 = b, 4 = c, 5 = t;
 * constraints a·b = t and t·c = out − a), independently of the zkey.
 */
class CheckedProveTest {
    static final BigInteger R = Fr.R;

    @TempDir
    Path dir;

    /** mul.circom as a circom .r1cs (version 1, sections 1 and 2). */
    static byte[] mulR1cs() {
        BinBuilder.Body h = new BinBuilder.Body().u32(32).fe(R).u32(6).u32(1).u32(1).u32(2).u64(6).u32(2);
        BinBuilder.Body c = new BinBuilder.Body();
        BigInteger one = BigInteger.ONE;
        R1csFileTest.lc(c, new long[] {2}, new BigInteger[] {one});
        R1csFileTest.lc(c, new long[] {3}, new BigInteger[] {one});
        R1csFileTest.lc(c, new long[] {5}, new BigInteger[] {one});
        R1csFileTest.lc(c, new long[] {5}, new BigInteger[] {one});
        R1csFileTest.lc(c, new long[] {4}, new BigInteger[] {one});
        R1csFileTest.lc(c, new long[] {1, 2}, new BigInteger[] {one, R.subtract(one)});
        return new BinBuilder("r1cs", 1).section(1, h.bytes()).section(2, c.bytes()).bytes();
    }

    /** Byte offset of section {@code id}'s body in an iden3 binfile. */
    static int sectionStart(byte[] f, int id) {
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        int n = b.getInt(8);
        int off = 12;
        for (int i = 0; i < n; i++) {
            if (b.getInt(off) == id) {
                return off + 12;
            }
            off += 12 + (int) b.getLong(off + 4);
        }
        throw new IllegalArgumentException("no section " + id);
    }

    @Test
    void goodWitnessVerifiesBadWitnessNamesConstraintAlteredKeyIsBlamed() throws Exception {
        Zkey z = Zkey.read(ZkeyAndJsonTest.fixture("k.zkey"));
        Path wtns = ZkeyAndJsonTest.fixture("w.wtns");
        long[] w = WtnsFile.readCanonical(wtns);
        Path r1csPath = dir.resolve("mul.r1cs");
        Files.write(r1csPath, mulR1cs());
        CircomR1cs cs = R1csFile.read(r1csPath);

        Proof p = SnarkjsProver.proveChecked(z, w, wtns, cs, CpuBackend.INSTANCE);
        assertTrue(Verifier.verify(new PreparedVerifyingKey(SnarkjsProver.verifyingKey(z)), p,
                SnarkjsProver.publicSignals(z, w)));

        long[] bad = w.clone();
        bad[5 * 4] = 34; // t = 34 ≠ a·b = 33
        ProofRejectedException in = assertThrows(ProofRejectedException.class,
                () -> SnarkjsProver.proveChecked(z, bad, wtns, cs, CpuBackend.INSTANCE));
        assertEquals(ProofRejectedException.Culprit.INPUT, in.culprit());
        assertTrue(in.getMessage().contains("constraint 0 "), in.getMessage());
        ProofRejectedException either = assertThrows(ProofRejectedException.class,
                () -> SnarkjsProver.proveChecked(z, bad, wtns, null, CpuBackend.INSTANCE));
        assertEquals(ProofRejectedException.Culprit.INPUT_OR_KEY, either.culprit());

        // the zkey's A point of wire 3 replaced by that of wire 2: every point still on the curve
        byte[] key = Files.readAllBytes(ZkeyAndJsonTest.fixture("k.zkey"));
        int a = sectionStart(key, 5);
        System.arraycopy(key, a + 2 * 96, key, a + 3 * 96, 96);
        Path altered = dir.resolve("altered.zkey");
        Files.write(altered, key);
        Zkey za = Zkey.read(altered);
        ProofRejectedException k = assertThrows(ProofRejectedException.class,
                () -> SnarkjsProver.proveChecked(za, w, wtns, cs, CpuBackend.INSTANCE));
        assertEquals(ProofRejectedException.Culprit.KEY, k.culprit());
        assertTrue(k.getMessage().contains(altered.toString()), k.getMessage());
    }
}
