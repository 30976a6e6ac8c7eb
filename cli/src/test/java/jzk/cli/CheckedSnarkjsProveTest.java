package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jzk prove --zkey --wtns} never writes a proof that fails its own check (issue 17 item 2): a witness of the
 * right size that breaks a constraint, with and without {@code --r1cs}, and a zkey altered with valid curve points,
 * on the snarkjs-made fixture (prover/src/test/resources/snarkjs/mul: wires 1, out, a, b, c, t; witness
 * [1, 168, 3, 11, 5, 33]). Before: exit 0 and an invalid proof.json.
 */
@Timeout(60)
class CheckedSnarkjsProveTest {
    static final Path FIXTURE = Path.of("../prover/src/test/resources/snarkjs/mul");
    static final BigInteger R = new BigInteger(
            "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

    @TempDir
    Path dir;

    /** Little-endian byte writer. */
    static final class Le {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Le u32(long v) {
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array());
            return this;
        }

        Le u64(long v) {
            out.writeBytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
            return this;
        }

        Le fe(BigInteger v) {
            byte[] be = v.toByteArray();
            for (int i = 0; i < 32; i++) {
                int j = be.length - 1 - i;
                out.write(j >= 0 ? be[j] : 0);
            }
            return this;
        }

        Le term(long wire, BigInteger coef) {
            return u32(1).u32(wire).fe(coef);
        }
    }

    /** mul.circom's .r1cs from its source: a·b = t, t·c = out − a (iden3 binfile, version 1). */
    static byte[] mulR1cs() {
        Le h = new Le().u32(32).fe(R).u32(6).u32(1).u32(1).u32(2).u64(6).u32(2);
        Le c = new Le().term(2, BigInteger.ONE).term(3, BigInteger.ONE).term(5, BigInteger.ONE)
                .term(5, BigInteger.ONE).term(4, BigInteger.ONE)
                .u32(2).u32(1).fe(BigInteger.ONE).u32(2).fe(R.subtract(BigInteger.ONE));
        Le f = new Le();
        f.out.writeBytes("r1cs".getBytes());
        f.u32(1).u32(2);
        byte[] hb = h.out.toByteArray();
        byte[] cb = c.out.toByteArray();
        f.u32(1).u64(hb.length);
        f.out.writeBytes(hb);
        f.u32(2).u64(cb.length);
        f.out.writeBytes(cb);
        return f.out.toByteArray();
    }

    /** The fixture witness with wire 5 (t) set to 34: the right size, constraint 0 broken. */
    Path badWitness() throws Exception {
        byte[] w = Files.readAllBytes(FIXTURE.resolve("w.wtns"));
        int values = w.length - 6 * 32;
        w[values + 5 * 32] = 34;
        Path p = dir.resolve("bad.wtns");
        Files.write(p, w);
        return p;
    }

    private CliRun prove(String zkey, String wtns, String... more) {
        String[] base = {"prove", "--zkey", zkey, "--wtns", wtns, "--proof", dir.resolve("proof.json").toString(),
                "--public", dir.resolve("public.json").toString()};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return CliRun.of(all);
    }

    private void assertNothingWritten(CliRun r) {
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines(), r.err());
        assertFalse(Files.exists(dir.resolve("proof.json")), "no proof written");
        assertFalse(Files.exists(dir.resolve("public.json")), "no public signals written");
    }

    @Test
    void unsatisfyingWitnessIsRefusedAndNamed() throws Exception {
        String zkey = FIXTURE.resolve("k.zkey").toString();
        String bad = badWitness().toString();
        CliRun blind = prove(zkey, bad);
        assertNothingWritten(blind);
        assertTrue(blind.err().startsWith("jzk: proof not written (input or key at fault): "), blind.err());

        Path r1cs = dir.resolve("mul.r1cs");
        Files.write(r1cs, mulR1cs());
        CliRun named = prove(zkey, bad, "--r1cs", r1cs.toString());
        assertNothingWritten(named);
        assertTrue(named.err().startsWith("jzk: proof not written (input at fault): " + bad), named.err());
        assertTrue(named.err().contains("constraint 0 "), named.err());

        CliRun good = prove(zkey, FIXTURE.resolve("w.wtns").toString(), "--r1cs", r1cs.toString());
        assertEquals(0, good.exitCode(), good.err());
        assertTrue(good.out().contains("(verified; witness checked against"), good.out());
        CliRun ok = CliRun.of("verify", "--vk", FIXTURE.resolve("vk.json").toString(), "--proof",
                dir.resolve("proof.json").toString(), "--public", dir.resolve("public.json").toString());
        assertEquals("OK", ok.out().strip());
    }

    @Test
    void zkeyAlteredWithValidPointsIsBlamedOnTheKey() throws Exception {
        byte[] key = Files.readAllBytes(FIXTURE.resolve("k.zkey"));
        ByteBuffer b = ByteBuffer.wrap(key).order(ByteOrder.LITTLE_ENDIAN);
        int off = 12;
        while (b.getInt(off) != 5) { // section 5 = A points, 96 bytes each
            off += 12 + (int) b.getLong(off + 4);
        }
        int a = off + 12;
        System.arraycopy(key, a + 2 * 96, key, a + 3 * 96, 96); // A[3] := A[2], still on the curve
        Path altered = dir.resolve("altered.zkey");
        Files.write(altered, key);
        Path r1cs = dir.resolve("mul.r1cs");
        Files.write(r1cs, mulR1cs());
        CliRun r = prove(altered.toString(), FIXTURE.resolve("w.wtns").toString(), "--r1cs", r1cs.toString());
        assertNothingWritten(r);
        assertTrue(r.err().startsWith("jzk: proof not written (key at fault): "), r.err());
        CliRun blind = prove(altered.toString(), FIXTURE.resolve("w.wtns").toString());
        assertNothingWritten(blind);
        assertTrue(blind.err().contains("(input or key at fault)"), blind.err());
    }
}
