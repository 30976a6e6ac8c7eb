package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import jzk.arith.Fr;
import jzk.arith.PointEncoding;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.tornado.runtime.Devices;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.DeviceHosts;
import jzk.tornado.bls.KernelHost;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compressed parameter file (format version 3, prover/PARAMS-FORMAT.md): written whole or streamed by setup,
 * read on the host or decompressed onto a device, against the uncompressed key and field-arith's own decoder;
 * damage named by section, chunk and byte offset; a proof over the device-resident key byte-identical to the CPU's
 * over the host key. Chunks of 5 points make every large section several chunks.
 */
class CompressedParamsTest {
    private static final int CHUNK = 5;
    private static R1cs cs;
    private static Witness w;
    private static ProvingKey pk;
    private static byte[] shape;

    @TempDir
    static Path dir;

    @BeforeAll
    static void key() {
        var circuit = TestCircuits.powerChain(3, 4, 12, false);
        cs = Synthesizer.record(circuit);
        w = Synthesizer.witness(circuit);
        pk = Setup.generate(cs, new Random(40));
        shape = ParamsFile.shapeId(cs);
    }

    private static long[][] sections(ProvingKey k) {
        return new long[][] {k.alpha1, k.beta1, k.beta2, k.vk.gamma2, k.delta1, k.delta2, k.vk.ic, k.a, k.b1, k.b2,
                k.l, k.h};
    }

    private static void assertSameKey(ProvingKey want, ProvingKey got) {
        long[][] a = sections(want);
        long[][] b = sections(got);
        for (int s = 0; s < a.length; s++) {
            assertArrayEquals(a[s], b[s], ParamsFile.NAMES[s]);
        }
        assertEquals(want.nVars, got.nVars);
        assertEquals(want.nRows, got.nRows);
        assertEquals(want.lgDomain, got.lgDomain);
    }

    private static Path written(String name) throws IOException {
        Path p = dir.resolve(name);
        CompressedParamsWriter.write(p, pk, shape, CHUNK);
        return p;
    }

    /** Write → read gives the same points; the file's bytes decode with field-arith at the documented offsets. */
    @Test
    void roundTripAgainstFieldArith() throws IOException {
        Path p = written("rt.params");
        assertSameKey(pk, CompressedParams.read(p, shape));
        assertTrue(CompressedParams.isCompressed(p));
        byte[] file = Files.readAllBytes(p);
        ByteBuffer bb = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(3, bb.getInt(8));
        assertEquals(file.length, bb.getLong(72));
        long[][] want = sections(pk);
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            int off = (int) bb.getLong(96 + 24 * s);
            int count = (int) bb.getLong(96 + 24 * s + 8);
            PointEncoding enc = ParamsFile.IS_G2[s] ? PointEncoding.G2 : PointEncoding.G1;
            // the full decoder, subgroup check included: every point is a valid compressed group element
            assertArrayEquals(want[s], enc.fromCompressedArray(file, off, count, true), ParamsFile.NAMES[s]);
        }
        // 48 B a G1 point, 96 B a G2 point: the file is the points plus at most a few KiB of header and digests
        long points = 0;
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            points += (long) want[s].length / (ParamsFile.IS_G2[s] ? Points.G2 : Points.G1)
                    * (ParamsFile.IS_G2[s] ? 96 : 48);
        }
        assertTrue(file.length - points < 416 + 32 * 64 + 12 * 64, file.length + " bytes for " + points);
    }

    /** Setup streaming into the file (CPU and jvm-device fixed-base) writes exactly the in-memory key. */
    @Test
    void streamingSetupWritesTheSameKey() throws IOException {
        Path cpu = dir.resolve("cpu.params");
        long size = Setup.generateTo(cpu, cs, new Random(40), SetupEngine.cpu(), CHUNK);
        assertEquals(Files.size(cpu), size);
        assertArrayEquals(Files.readAllBytes(written("ref.params")), Files.readAllBytes(cpu), "byte-identical file");
        Path dev = dir.resolve("dev.params");
        try (KernelHost host = DeviceHosts.jvm(); SetupEngine e = SetupEngine.device(host, 1)) {
            Setup.generateTo(dev, cs, new Random(40), e, CHUNK);
            assertTrue(e.devicePoints() > 0);
        }
        assertArrayEquals(Files.readAllBytes(cpu), Files.readAllBytes(dev), "device setup: byte-identical file");
        // the scalars prepared ahead (while ParamsCache hashes the shape), the shape id given: the same file
        Path prepared = dir.resolve("prepared.params");
        Setup.generateTo(prepared, ParamsFile.shapeId(cs), Setup.prepare(cs, new Random(40)), SetupEngine.cpu(), CHUNK,
                PointSink.NONE);
        assertArrayEquals(Files.readAllBytes(cpu), Files.readAllBytes(prepared), "prepared setup: byte-identical file");
    }

    private static void damage(Path p, long off) throws IOException {
        byte[] b = Files.readAllBytes(p);
        b[(int) off] ^= 0x01;
        Files.write(p, b);
    }

    /** A flipped byte in a section names the section, chunk and the chunk's byte offset; header damage the root. */
    @Test
    void corruptionNamesSectionAndOffset() throws IOException {
        Path p = written("bad.params");
        ByteBuffer bb = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
        long b2 = bb.getLong(96 + 24 * 9);
        long chunkOff = b2 + 96L * CHUNK; // chunk 1 of b2
        damage(p, chunkOff + 7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressedParams.read(p, shape));
        assertTrue(e.getMessage().contains("@ byte " + chunkOff + ": checksum of section b2 chunk 1 (points 5..9)"),
                e.getMessage());
        try (KernelHost host = DeviceHosts.jvm()) {
            e = assertThrows(IllegalArgumentException.class, () -> DeviceKey.load(p, shape, host));
            assertTrue(e.getMessage().contains("section b2 chunk 1"), e.getMessage());
        }

        Path h = written("badhead.params");
        damage(h, 50); // nVars
        e = assertThrows(IllegalArgumentException.class, () -> CompressedParams.open(h, shape).close());
        assertTrue(e.getMessage().contains("@ byte"), e.getMessage());

        Path d = written("baddigest.params");
        damage(d, CompressedParams.DIGESTS + 40);
        e = assertThrows(IllegalArgumentException.class, () -> CompressedParams.open(d, shape).close());
        assertTrue(e.getMessage().contains("@ byte " + CompressedParams.ROOT + ": root checksum"), e.getMessage());

        Path t = written("short.params");
        byte[] all = Files.readAllBytes(t);
        Files.write(t, java.util.Arrays.copyOf(all, all.length - 64));
        e = assertThrows(IllegalArgumentException.class, () -> CompressedParams.open(t, shape).close());
        assertTrue(e.getMessage().contains("@ byte 72: header says the file is " + all.length), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> CompressedParams.open(written("shape.params"),
                new byte[32]).close());
        assertTrue(e.getMessage().contains("@ byte 16: circuit shape id"), e.getMessage());
    }

    /**
     * Seeded mutations of a valid file (1..4 random bytes, or a cut): each read either fails with one line naming the
     * file and a byte offset, or (a byte of alignment padding) returns the original key; nothing else.
     */
    @Test
    void mutationsAreNamedOrHarmless() throws IOException {
        byte[] orig = Files.readAllBytes(written("fuzz-orig.params"));
        Random rnd = new Random(99);
        Path f = dir.resolve("fuzz.params");
        int named = 0;
        for (int i = 0; i < 200; i++) {
            byte[] b = orig.clone();
            if (i % 20 == 19) {
                b = java.util.Arrays.copyOf(b, rnd.nextInt(b.length));
            } else {
                for (int k = rnd.nextInt(4); k >= 0; k--) {
                    b[rnd.nextInt(b.length)] ^= (byte) (1 + rnd.nextInt(255));
                }
            }
            Files.write(f, b);
            try {
                assertSameKey(pk, CompressedParams.read(f, shape));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith(f + " @ byte ") && !e.getMessage().contains("\n"),
                        e.getMessage());
                named++;
            }
        }
        assertTrue(named > 150, named + " of 200 mutations named");
    }

    /**
     * A point that is hashed correctly but does not decode (written by a faulty producer) is named by the device
     * loader with its section, index and byte offset.
     */
    @Test
    void undecodablePointNamedByTheDeviceLoader() throws IOException {
        Path p = dir.resolve("offcurve.params");
        CompressedParamsWriter.write(p, pk, shape, CHUNK);
        // the smallest x with x³ + 4 a non-square mod p (Euler's criterion, BigInteger): no G1 point has it
        java.math.BigInteger q = jzk.arith.Fp.P;
        long x = 1;
        while (java.math.BigInteger.valueOf(x * x * x + 4).modPow(q.shiftRight(1), q).equals(java.math.BigInteger.ONE)) {
            x++;
        }
        byte[] b = Files.readAllBytes(p);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        long at = bb.getLong(96 + 24 * 7) + 48L * 3; // section a, point 3
        java.util.Arrays.fill(b, (int) at, (int) at + 48, (byte) 0);
        b[(int) at] = (byte) 0x80;
        b[(int) at + 47] = (byte) x;
        Files.write(p, b);
        rehash(p);
        try (KernelHost host = DeviceHosts.jvm()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DeviceKey.load(p, shape, host));
            assertTrue(e.getMessage().contains("@ byte " + at + ": a point 3: no curve point"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressedParams.read(p, shape));
        assertTrue(e.getMessage().contains("section a: a point of chunk 0 does not decode"), e.getMessage());
    }

    /** Recomputes every chunk digest and the root of a file (to plant a well-hashed bad point). */
    private static void rehash(Path p) throws IOException {
        byte[] b = Files.readAllBytes(p);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int chunk = bb.getInt(68);
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            long off = bb.getLong(96 + 24 * s);
            long count = bb.getLong(96 + 24 * s + 8);
            long first = bb.getLong(96 + 24 * s + 16);
            int pb = ParamsFile.IS_G2[s] ? 96 : 48;
            for (long c = 0; c * chunk < count; c++) {
                var md = CompressedParams.sha256();
                md.update(b, (int) (off + c * chunk * pb), (int) (Math.min(chunk, count - c * chunk) * pb));
                System.arraycopy(md.digest(), 0, b, (int) (CompressedParams.DIGESTS + 32 * (first + c)), 32);
            }
        }
        var md = CompressedParams.sha256();
        md.update(b, 0, CompressedParams.ROOT);
        md.update(b, CompressedParams.DIGESTS, (int) (32 * bb.getLong(80)));
        System.arraycopy(md.digest(), 0, b, CompressedParams.ROOT, 32);
        Files.write(p, b);
    }

    private static void proveOnDevice(KernelHost host, String what) throws IOException {
        Path p = written("dev-" + what + ".params");
        long[] r = Fr.F.fromLong(123456789);
        long[] s = Fr.F.fromLong(987654321);
        byte[] cpu = ProofCodec.encode(Groth16.prove(pk, cs, w, CpuBackend.INSTANCE, r, s));
        try (DeviceKey dk = DeviceKey.load(p, shape, host); DeviceBackend be = new DeviceBackend(host)) {
            ProvingKey resident = dk.key();
            assertEquals(null, resident.a, "large sections are not on the host");
            long g1 = 2L * pk.nVars + (pk.nVars - pk.nPublic - 1) + pk.hCount();
            assertEquals(96 * g1 + 192L * pk.nVars, dk.deviceBytes(), "device bytes: 96 a G1 point, 192 a G2 point");
            Proof gpu = Groth16.prove(resident, cs, w, be, r, s);
            assertArrayEquals(cpu, ProofCodec.encode(gpu), "resident key on " + what + ": byte-identical proof");
            assertTrue(Groth16.verify(resident.vk, gpu, w.publicInputs()));
            assertArrayEquals(cpu, ProofCodec.encode(Groth16.prove(resident, cs, w, be, r, s)), "second proof");
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Groth16.prove(resident, cs, w, CpuBackend.INSTANCE, r, s));
            assertTrue(e.getMessage().contains("resident on"), e.getMessage());
        }
    }

    @Test
    void residentKeyProvesLikeTheHostKeyOnJvmDevice() throws IOException {
        try (KernelHost host = DeviceHosts.jvm()) {
            proveOnDevice(host, "jvm");
        }
    }

    /** The same on an OpenCL device; opt-in (PoCL's first compile of the prover kernels takes a minute): see
     * DeviceBackendTest. {@code -Djzk.test.opencl=opencl:0:0}. */
    @Test
    void residentKeyProvesLikeTheHostKeyOnOpenCl() throws IOException {
        String name = System.getProperty("jzk.test.opencl");
        Assumptions.assumeTrue(name != null, "SKIPPED: set -Djzk.test.opencl=opencl:0:0 to run on an OpenCL device");
        try (KernelHost host = new DeviceHost(Devices.get(name))) {
            proveOnDevice(host, name);
        }
    }
}
