package jzk.prover.snarkjs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.SatisfactionChecker;
import jzk.prover.r1cs.UnsatisfiedConstraintException;
import jzk.prover.r1cs.Witness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * .r1cs and .wtns readers on files built byte by byte. The circuit is "out = x^3 + x + 5" written the way circom
 * would: wires 0 = one, 1 = out (public output), 2 = x (private input), 3 = x², 4 = x³; constraints
 * {@code −x·x = −x²}, {@code x²·x = x³}, {@code (x³ + x + 5)·1 = out}. The first uses r − 1 coefficients, as
 * circom's own first constraint does (snarkjs-formats.md §1), to exercise the canonical → Montgomery conversion.
 */
class R1csFileTest {
    static final BigInteger R = Fr.R;
    static final BigInteger BN254 = new BigInteger(
            "21888242871839275222246405745257275088548364400416034343698204186575808495617");
    static final BigInteger MINUS_ONE = R.subtract(BigInteger.ONE);

    @TempDir
    Path dir;

    static BinBuilder.Body header(BigInteger prime, long nWires, long nConstraints) {
        return new BinBuilder.Body().u32(32).fe(prime).u32(nWires).u32(1).u32(0).u32(1).u64(nWires).u32(nConstraints);
    }

    static BinBuilder.Body lc(BinBuilder.Body b, long[] wires, BigInteger[] coefs) {
        b.u32(wires.length);
        for (int i = 0; i < wires.length; i++) {
            b.u32(wires[i]).fe(coefs[i]);
        }
        return b;
    }

    static BinBuilder.Body constraints() {
        BigInteger one = BigInteger.ONE;
        BinBuilder.Body b = new BinBuilder.Body();
        lc(b, new long[] {2}, new BigInteger[] {MINUS_ONE});
        lc(b, new long[] {2}, new BigInteger[] {one});
        lc(b, new long[] {3}, new BigInteger[] {MINUS_ONE});
        lc(b, new long[] {3}, new BigInteger[] {one});
        lc(b, new long[] {2}, new BigInteger[] {one});
        lc(b, new long[] {4}, new BigInteger[] {one});
        lc(b, new long[] {4, 2, 0}, new BigInteger[] {one, one, BigInteger.valueOf(5)});
        lc(b, new long[] {0}, new BigInteger[] {one});
        lc(b, new long[] {1}, new BigInteger[] {one});
        return b;
    }

    static byte[] map(int wires) {
        BinBuilder.Body b = new BinBuilder.Body();
        for (int i = 0; i < wires; i++) {
            b.u64(i == 0 ? 0 : 10 + i);
        }
        return b.bytes();
    }

    /** circom's physical order 2, 1, 3. */
    static byte[] goodR1cs() {
        return new BinBuilder("r1cs", 1).section(2, constraints().bytes()).section(1, header(R, 5, 3).bytes())
                .section(3, map(5)).bytes();
    }

    Path write(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    static byte[] wtns(BigInteger prime, long... values) {
        BinBuilder.Body h = new BinBuilder.Body().u32(32).fe(prime).u32(values.length);
        BinBuilder.Body v = new BinBuilder.Body();
        for (long x : values) {
            v.fe(BigInteger.valueOf(x));
        }
        return new BinBuilder("wtns", 2).section(1, h.bytes()).section(2, v.bytes()).bytes();
    }

    @Test
    void readsShapeMatricesAndLabels() throws Exception {
        CircomR1cs c = R1csFile.read(write("cubic.r1cs", goodR1cs()));
        R1cs r = c.r1cs();
        assertEquals(3, r.numConstraints());
        assertEquals(1, r.numInputs());
        assertEquals(3, r.numAux());
        assertEquals(1, c.nPubOut());
        assertEquals(1, c.nPrvIn());
        assertArrayEquals(new long[] {0, 11, 12, 13, 14}, c.wireToLabel());
        assertArrayEquals(new int[] {0, 1, 2, 5}, r.a().rowStart());
        assertArrayEquals(new int[] {4, 2, 0}, java.util.Arrays.copyOfRange(r.a().colIndex(), 2, 5));
        assertEquals(MINUS_ONE, Fr.F.toBigInteger(r.a().coeffTable(), r.a().coeffOffset(0)));
        assertEquals(BigInteger.valueOf(5), Fr.F.toBigInteger(r.a().coeffTable(), r.a().coeffOffset(4)));
        assertEquals("#2", r.constraintName(2));
    }

    @Test
    void witnessSatisfiesAndAWrongOneIsNamed() throws Exception {
        R1cs r = R1csFile.readR1cs(write("cubic.r1cs", goodR1cs()));
        Witness w = WtnsReader.read(write("good.wtns", wtns(R, 1, 35, 3, 9, 27)), r);
        assertEquals(BigInteger.valueOf(35), Fr.F.toBigInteger(w.publicInputs(), 0));
        SatisfactionChecker.check(r, w);
        Witness bad = WtnsReader.read(write("bad.wtns", wtns(R, 1, 36, 3, 9, 27)), r);
        UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                () -> SatisfactionChecker.check(r, bad));
        assertEquals(2, e.row());
    }

    @Test
    void mapSectionIsOptional() throws Exception {
        byte[] f = new BinBuilder("r1cs", 1).section(1, header(R, 5, 3).bytes()).section(2, constraints().bytes())
                .bytes();
        assertNull(R1csFile.read(write("nomap.r1cs", f)).wireToLabel());
    }

    private String r1csError(byte[] bytes) throws Exception {
        Path p = write("bad.r1cs", bytes);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> R1csFile.read(p));
        assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
        return e.getMessage();
    }

    private static byte[] withConstraints(Consumer<BinBuilder.Body> body, long nConstraints) {
        BinBuilder.Body b = new BinBuilder.Body();
        body.accept(b);
        return new BinBuilder("r1cs", 1).section(1, header(R, 5, nConstraints).bytes()).section(2, b.bytes())
                .bytes();
    }

    @Test
    void malformedR1csFilesNameOffsetAndProblem() throws Exception {
        byte[] good = goodR1cs();
        byte[] magic = good.clone();
        magic[0] = 'x';
        assertTrue(r1csError(magic).contains("@ byte 0: magic is \"x1cs\", expected \"r1cs\""));
        assertTrue(r1csError(new BinBuilder("r1cs", 2).section(1, header(R, 5, 0).bytes()).bytes())
                .contains("@ byte 4: r1cs version 2, only version 1 is supported"));
        String m = r1csError(new BinBuilder("r1cs", 1).section(2, constraints().bytes())
                .section(1, header(BN254, 5, 3).bytes()).bytes());
        assertTrue(m.contains("prime is 0x30644e72") && m.contains("expected the BLS12-381 scalar field r"), m);
        assertTrue(r1csError(new BinBuilder("r1cs", 1).section(2, constraints().bytes()).bytes())
                .contains("section 1 (header) is missing"));
        assertTrue(r1csError(java.util.Arrays.copyOf(good, good.length - 7)).contains("truncated"));
        assertTrue(r1csError(java.util.Arrays.copyOf(good, 10)).contains("shorter than the 12-byte header"));
        // wire 9 ≥ nWires = 5, in the first term of constraint 0 A: at offset 12 + 12 + 64 + 12 + 4 = 104
        m = r1csError(withConstraints(b -> lc(b, new long[] {9}, new BigInteger[] {BigInteger.ONE}), 1));
        assertTrue(m.contains("@ byte 104: constraint 0 A term 0: wire 9 is not below nWires = 5"), m);
        m = r1csError(withConstraints(b -> lc(b, new long[] {1}, new BigInteger[] {R}), 1));
        assertTrue(m.contains("@ byte 108: constraint 0 A term 0: coefficient is not below r"), m);
        m = r1csError(withConstraints(b -> b.u32(3).u32(1), 1));
        assertTrue(m.contains("@ byte 100: truncated: constraint 0 A has 3 terms"), m);
        m = r1csError(withConstraints(b -> {
            lc(b, new long[] {}, new BigInteger[] {});
        }, 1));
        assertTrue(m.contains("truncated: constraint 0 B starts past the end of section 2"), m);
        m = r1csError(withConstraints(b -> {
            for (int i = 0; i < 3; i++) {
                lc(b, new long[] {}, new BigInteger[] {});
            }
            b.u32(0);
        }, 1));
        assertTrue(m.contains("section 2 has 4 bytes after its 1 constraints"), m);
        m = r1csError(new BinBuilder("r1cs", 1).section(1, header(R, 5, 0).bytes())
                .section(2, new byte[0]).section(3, map(4)).bytes());
        assertTrue(m.contains("section 3 (wire to label map) has 32 bytes, expected 40"), m);
        m = r1csError(new BinBuilder("r1cs", 1).section(1, header(R, 2, 0).bytes()).section(2, new byte[0]).bytes());
        assertTrue(m.contains("nWires = 2 cannot hold ONE, 1 outputs, 0 public and 1 private inputs"), m);
    }

    private String wtnsError(byte[] bytes, R1cs r) throws Exception {
        Path p = write("bad.wtns", bytes);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WtnsReader.read(p, r));
        assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
        return e.getMessage();
    }

    @Test
    void malformedWtnsFiles() throws Exception {
        R1cs r = R1csFile.readR1cs(write("cubic.r1cs", goodR1cs()));
        assertTrue(wtnsError(wtns(BN254, 1, 35, 3, 9, 27), r).contains("not the BLS12-381 scalar field"));
        assertTrue(wtnsError(wtns(R, 1, 35, 3, 9), r).contains("4 witness values, but the R1CS has 5 wires"));
        assertTrue(wtnsError(wtns(R, 2, 35, 3, 9, 27), r).contains("witness value 0 must be 1"));
        byte[] good = wtns(R, 1, 35, 3, 9, 27);
        assertTrue(wtnsError(java.util.Arrays.copyOf(good, good.length - 1), r).contains("truncated"));
        byte[] magic = good.clone();
        magic[3] = 'x';
        assertTrue(wtnsError(magic, r).contains("expected \"wtns\""));
    }
}
