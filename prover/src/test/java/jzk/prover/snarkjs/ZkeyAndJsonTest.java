package jzk.prover.snarkjs;

import jzk.arith.Fr;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.VerifyingKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads the snarkjs-made fixture (resources/snarkjs/mul, see its SOURCE.md): the zkey's header points must equal
 * those snarkjs exported to vk.json (an independent check of the Montgomery "LEM" decoding), JSON files must
 * round-trip byte for byte, and malformed files must be rejected with the file named.
 */
class ZkeyAndJsonTest {
    @TempDir
    Path tmp;

    static Path fixture(String name) {
        try {
            return Path.of(ZkeyAndJsonTest.class.getResource("/snarkjs/mul/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void zkeyHeaderMatchesSnarkjsExportedVerifyingKey() throws IOException {
        Zkey z = Zkey.read(fixture("k.zkey"));
        VerifyingKey vk = SnarkjsJson.readVerifyingKey(fixture("vk.json"));
        assertEquals(2, z.nPublic);
        assertEquals(vk.nPublic, z.nPublic);
        assertArrayEquals(vk.alpha1, z.alpha1);
        assertArrayEquals(vk.beta2, z.beta2);
        assertArrayEquals(vk.gamma2, z.gamma2);
        assertArrayEquals(vk.delta2, z.delta2);
        assertArrayEquals(vk.ic, z.ic);
        // nConstraints + nPublic + 1 ≤ domainSize; the extra A rows {0, nCons + s, s, 1} are there.
        assertTrue(z.domainSize >= z.nPublic + 1);
        int extra = 0;
        for (int i = 0; i < z.nCoefs; i++) {
            if (z.coefMatrix[i] == 0 && z.coefSignal[i] <= z.nPublic && Fr.F.isOne(z.coefValue, i * 4)) {
                extra++;
            }
        }
        assertTrue(extra >= z.nPublic + 1, "input-consistency rows present");
    }

    @Test
    void jsonFilesRoundTripByteForByte() throws IOException {
        Proof p = SnarkjsJson.readProof(fixture("proof.json"));
        Path out = tmp.resolve("proof.json");
        SnarkjsJson.writeProof(out, p);
        assertEquals(Files.readString(fixture("proof.json")), Files.readString(out));
        long[] pub = SnarkjsJson.readPublic(fixture("public.json"));
        Path pubOut = tmp.resolve("public.json");
        SnarkjsJson.writePublic(pubOut, pub);
        assertEquals(Files.readString(fixture("public.json")), Files.readString(pubOut));
        VerifyingKey vk = SnarkjsJson.readVerifyingKey(fixture("vk.json"));
        Path vkOut = tmp.resolve("vk.json");
        SnarkjsJson.writeVerifyingKey(vkOut, vk, null);
        assertEquals(vk, SnarkjsJson.readVerifyingKey(vkOut));
    }

    @Test
    void malformedZkeysAreRejectedNamingTheFile() throws IOException {
        byte[] good = Files.readAllBytes(fixture("k.zkey"));
        Path truncated = tmp.resolve("trunc.zkey");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length - 100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Zkey.read(truncated));
        assertTrue(e.getMessage().contains("trunc.zkey") && e.getMessage().contains("truncated"), e.getMessage());

        byte[] magic = good.clone();
        magic[0] = 'x';
        Path badMagic = tmp.resolve("magic.zkey");
        Files.write(badMagic, magic);
        e = assertThrows(IllegalArgumentException.class, () -> Zkey.read(badMagic));
        assertTrue(e.getMessage().contains("magic.zkey") && e.getMessage().contains("magic"), e.getMessage());

        byte[] version = good.clone();
        version[4] = 7;
        Path badVersion = tmp.resolve("version.zkey");
        Files.write(badVersion, version);
        e = assertThrows(IllegalArgumentException.class, () -> Zkey.read(badVersion));
        assertTrue(e.getMessage().contains("version 7"), e.getMessage());

        // Flip a byte inside the first A point (section 5): it leaves the curve.
        byte[] offCurve = good.clone();
        long aStart = sectionStart(good, 5);
        int firstNonZero = (int) aStart;
        while (offCurve[firstNonZero] == 0) {
            firstNonZero++;
        }
        offCurve[firstNonZero] ^= 1;
        Path badPoint = tmp.resolve("point.zkey");
        Files.write(badPoint, offCurve);
        e = assertThrows(IllegalArgumentException.class, () -> Zkey.read(badPoint));
        assertTrue(e.getMessage().contains("A point") && e.getMessage().contains("not on"), e.getMessage());

        Path notZkey = tmp.resolve("wtns-as-zkey.zkey");
        Files.copy(fixture("w.wtns"), notZkey);
        e = assertThrows(IllegalArgumentException.class, () -> Zkey.read(notZkey));
        assertTrue(e.getMessage().contains("\"wtns\""), e.getMessage());
    }

    @Test
    void missingSectionsAndWitnessMismatchesAreRejected() throws IOException {
        byte[] good = Files.readAllBytes(fixture("k.zkey"));
        byte[] noH = good.clone();
        long hData = sectionStart(good, 9);
        noH[(int) hData - 12] = 99; // rename section 9 to 99
        Path f = tmp.resolve("noh.zkey");
        Files.write(f, noH);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Zkey.read(f));
        assertTrue(e.getMessage().contains("noh.zkey") && e.getMessage().contains("section 9 (H) is missing"),
                e.getMessage());

        Zkey z = Zkey.read(fixture("k.zkey"));
        long[] w = SnarkjsProver.readWitness(fixture("w.wtns"));
        long[] shortW = java.util.Arrays.copyOf(w, w.length - 4);
        e = assertThrows(IllegalArgumentException.class, () -> SnarkjsProver.prove(z, shortW, fixture("w.wtns"),
                jzk.prover.groth16.CpuBackend.INSTANCE, Fr.F.fromLong(1), Fr.F.fromLong(2)));
        assertTrue(e.getMessage().contains("w.wtns") && e.getMessage().contains("nVars = " + z.nVars),
                e.getMessage());

        byte[] wt = Files.readAllBytes(fixture("w.wtns"));
        long hdr = sectionStart(wt, 1);
        wt[(int) hdr + 4] ^= 2; // corrupt the prime
        Path badPrime = tmp.resolve("prime.wtns");
        Files.write(badPrime, wt);
        e = assertThrows(IllegalArgumentException.class, () -> SnarkjsProver.readWitness(badPrime));
        assertTrue(e.getMessage().contains("prime.wtns") && e.getMessage().contains("--prime bls12381"),
                e.getMessage());
    }

    @Test
    void malformedJsonIsRejectedNamingTheFile() throws IOException {
        String good = Files.readString(fixture("proof.json"));
        Path wrongCurve = tmp.resolve("curve.json");
        Files.writeString(wrongCurve, good.replace("bls12381", "bn128"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SnarkjsJson.readProof(wrongCurve));
        assertTrue(e.getMessage().contains("curve.json") && e.getMessage().contains("bn128"), e.getMessage());
        Path offCurve = tmp.resolve("off.json");
        Files.writeString(offCurve, good.replaceFirst("\"2252125787280737319353850702434380055372266248248310706936083764301256627972653673914018712541524085070261770677183\"", "\"5\""));
        e = assertThrows(IllegalArgumentException.class, () -> SnarkjsJson.readProof(offCurve));
        assertTrue(e.getMessage().contains("pi_a") && e.getMessage().contains("not on"), e.getMessage());
        Path bigPublic = tmp.resolve("pub.json");
        Files.writeString(bigPublic, "[\"" + Fr.R + "\"]");
        e = assertThrows(IllegalArgumentException.class, () -> SnarkjsJson.readPublic(bigPublic));
        assertTrue(e.getMessage().contains("pub.json") && e.getMessage().contains("below r"), e.getMessage());
    }

    /** Data offset of section id in an iden3 binfile (test-side parser, written from snarkjs-formats.md §0). */
    static long sectionStart(byte[] f, int id) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(f).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int n = b.getInt(8);
        long off = 12;
        for (int i = 0; i < n; i++) {
            int sid = b.getInt((int) off);
            long size = b.getLong((int) off + 4);
            if (sid == id) {
                return off + 12;
            }
            off += 12 + size;
        }
        throw new IllegalStateException("no section " + id);
    }
}
