package jzk.prover.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Random;
import jzk.arith.Fr;
import jzk.prover.r1cs.R1cs;
import org.junit.jupiter.api.Test;

/**
 * SHA-256 gadget against {@link MessageDigest} (FIPS 180-2 examples and random messages), Poseidon gadget and
 * Merkle paths against their native twins.
 */
class HashGadgetsTest {
    private static byte[] shaGadget(byte[] msg) {
        byte[] out = new byte[32];
        CircuitAssert.assertConsistent(cs -> {
            Boolean[] bits = new Boolean[msg.length * 8];
            for (int i = 0; i < bits.length; i++) {
                int bit = i;
                bits[i] = Boolean.alloc(cs, "m" + i, () -> ((msg[bit >>> 3] >>> (7 - (bit & 7))) & 1) != 0);
            }
            Boolean[] d = Sha256Gadget.hash(cs, "sha", bits);
            if (cs.computesWitness()) {
                for (int i = 0; i < 256; i++) {
                    if (d[i].value()) {
                        out[i >>> 3] |= (byte) (1 << (7 - (i & 7)));
                    }
                }
            }
        });
        return out;
    }

    private static byte[] sha(byte[] msg) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(msg);
    }

    @Test
    void sha256NistExamples() throws Exception {
        // FIPS 180-2 Appendix B.1 ("abc"), the empty message, and B.2 (the 448-bit message)
        for (String s : new String[] {"abc", "", "abcdbcdecdefdefgefghfghighijhijkijkljklmjklmnklmnomnopnopq"}) {
            byte[] m = s.getBytes(StandardCharsets.US_ASCII);
            assertArrayEquals(sha(m), shaGadget(m), "message '" + s + "'");
        }
    }

    @Test
    void sha256RandomMessages() throws Exception {
        Random rnd = new Random(11);
        for (int len : new int[] {1, 56, 64}) {
            byte[] m = new byte[len];
            rnd.nextBytes(m);
            assertArrayEquals(sha(m), shaGadget(m), "length " + len);
        }
    }

    @Test
    void poseidonGadgetMatchesNative() {
        Random rnd = new Random(5);
        for (int iter = 0; iter < 3; iter++) {
            long[] x = new long[4];
            long[] y = new long[4];
            Fr.F.random(x, 0, rnd);
            Fr.F.random(y, 0, rnd);
            long[][] got = new long[1][];
            R1cs r = CircuitAssert.assertConsistent(cs -> {
                AllocatedNum h = PoseidonGadget.hash2(cs, "h", AllocatedNum.alloc(cs, "x", () -> x),
                        AllocatedNum.alloc(cs, "y", () -> y));
                got[0] = h.value();
            });
            assertArrayEquals(Poseidon.hash2(x, y), got[0]);
            assertEquals(PoseidonGadget.HASH2_CONSTRAINTS, r.numConstraints());
            assertEquals(3 * (3 * 8 + 57) + 2 * 7 + 1, r.numConstraints()); // S-boxes + re-linearisations + output
        }
    }

    private static void merkle(MerkleHash hash, int depth, long seed) {
        Random rnd = new Random(seed);
        long[] leaf = new long[4];
        Fr.F.random(leaf, 0, rnd);
        long[] sib = new long[4 * depth];
        for (int l = 0; l < depth; l++) {
            Fr.F.random(sib, 4 * l, rnd);
        }
        long index = rnd.nextInt(1 << depth);
        long[] expect = MerklePath.rootNative(hash, leaf, sib, depth, index);
        long[][] got = new long[1][];
        CircuitAssert.assertConsistent(cs -> {
            AllocatedNum lf = AllocatedNum.alloc(cs, "leaf", () -> leaf);
            AllocatedNum idx = AllocatedNum.allocInput(cs, "index", () -> Fr.F.fromLong(index));
            Boolean[] bits = Bits.toBitsLe(cs, "bits", idx, depth);
            AllocatedNum[] s = new AllocatedNum[depth];
            for (int l = 0; l < depth; l++) {
                int ll = l;
                s[l] = AllocatedNum.alloc(cs, "sib" + l, () -> java.util.Arrays.copyOfRange(sib, 4 * ll, 4 * ll + 4));
            }
            got[0] = MerklePath.root(cs, "path", hash, lf, bits, s).value();
        });
        assertArrayEquals(expect, got[0]);
    }

    @Test
    void merklePathPoseidon() {
        for (int seed = 0; seed < 4; seed++) {
            merkle(MerkleHash.POSEIDON, 5, seed);
        }
    }

    @Test
    void merklePathSha256() {
        merkle(MerkleHash.SHA256, 2, 42);
    }

    @Test
    void sha256NodeHashIsTruncatedDigest() throws Exception {
        long[] a = Fr.F.fromLong(1);
        long[] b = Fr.F.fromLong(2);
        byte[] msg = new byte[64];
        msg[0] = 1;
        msg[32] = 2;
        byte[] d = sha(msg);
        d[31] &= 0x3f;
        long[] expect = new long[4];
        Fr.F.fromBytesLE(expect, 0, d, 0);
        assertArrayEquals(expect, MerkleHash.SHA256.hash2Native(a, b));
    }
}
