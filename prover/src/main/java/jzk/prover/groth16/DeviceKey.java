package jzk.prover.groth16;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import jzk.tornado.bls.CompressedUpload;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.ResidentBases;

/**
 * A proving key whose large sections (A, B1, B2, L, H) live on one device, decompressed there from a
 * {@link CompressedParams} file chunk by chunk ({@link CompressedUpload}: each chunk checked against its SHA-256,
 * copied through the host's staging buffer, expanded by the device kernel); the small sections (α, β, γ, δ, IC)
 * are on the host. The host never holds a large section whole: its memory is one chunk (2^20 points: 48 MiB G1,
 * 96 MiB G2) at a time. Device memory: 576 bytes a variable/row (4 · 96 B G1 + 192 B G2), the MSMs' layout.
 *
 * <p>Ownership: this object owns the device bases and frees them in {@link #close}; the {@link ProvingKey} it
 * hands out ({@link #key}) refers back to it and is valid until then. The {@link KernelHost} belongs to the
 * caller (a device session may own both). A {@link DeviceBackend} on the same host reads the bases in place.
 */
public final class DeviceKey implements AutoCloseable {
    private final KernelHost host;
    private final Map<KeySection, ResidentBases> bases = new EnumMap<>(KeySection.class);
    private ProvingKey key;
    private long loadNanos;
    private boolean closed;

    DeviceKey(KernelHost host) {
        this.host = host;
    }

    /** Adds the device bases of one section ({@link DeviceKeyBuilder}); this key frees them in {@link #close}. */
    void put(KeySection s, ResidentBases b) {
        bases.put(s, b);
    }

    /** The key is complete: {@code key}'s large sections are these bases; {@code nanos} it took to build. */
    void complete(ProvingKey key, long nanos) {
        this.key = key;
        this.loadNanos = nanos;
    }

    /** Opens {@code path} (a version-3 file), checks it and loads it onto {@code host}. */
    public static DeviceKey load(Path path, byte[] expectedShapeId, KernelHost host) throws IOException {
        try (CompressedParams file = CompressedParams.open(path, expectedShapeId)) {
            return load(file, host);
        }
    }

    /** Loads an opened file onto {@code host}; on failure nothing stays allocated. */
    public static DeviceKey load(CompressedParams file, KernelHost host) throws IOException {
        long t0 = System.nanoTime();
        DeviceKey dk = new DeviceKey(host);
        try {
            for (KeySection ks : KeySection.values()) {
                dk.bases.put(ks, upload(file, ks, host));
            }
            long[][] small = new long[7][];
            for (int s = 0; s < 7; s++) {
                small[s] = file.section(s, CurveCheck.subgroupCheckByDefault());
            }
            VerifyingKey vk = new VerifyingKey(small[0], small[2], small[3], small[5], small[6]);
            dk.key = new ProvingKey(file.hVariant, file.nVars, file.nPublic, file.nRows, file.lgDomain, small[0],
                    small[1], small[2], small[4], small[5], dk, vk);
            dk.loadNanos = System.nanoTime() - t0;
            return dk;
        } catch (IOException | RuntimeException e) {
            dk.close();
            throw e;
        }
    }

    private static ResidentBases upload(CompressedParams file, KeySection ks, KernelHost host) throws IOException {
        int s = ks.index;
        int d = ks.g2() ? 2 : 1;
        int n = Math.toIntExact(file.count[s]);
        ResidentBases rb = CompressedUpload.allocate(host, d, n);
        try (CompressedUpload up = new CompressedUpload(host, d, Math.max(1, Math.min(file.chunkPoints, n)))) {
            long[] staging = new long[Math.max(1, Math.min(file.chunkPoints, n)) * 6 * d];
            file.forEachChunk(s, (first, count, bytes) -> {
                java.lang.foreign.MemorySegment.copy(bytes, CompressedParams.U64, 0, staging, 0, count * 6 * d);
                long bad = up.put(rb, (int) first, staging, count);
                if (bad >= 0) {
                    long point = first + bad / 8;
                    throw file.err(file.offset[s] + point * CompressedParams.pointBytes(s), ParamsFile.NAMES[s]
                            + " point " + point + ": " + CompressedUpload.describe((int) (bad & 7)));
                }
            });
        } catch (IOException | RuntimeException e) {
            rb.close();
            throw e;
        }
        return rb;
    }

    /** The key; its large sections are {@code null} on the host and read from here by {@link DeviceBackend}. */
    public ProvingKey key() {
        return key;
    }

    /** The device bases of one section (for a backend on {@link #host}). */
    public ResidentBases bases(KeySection s) {
        if (closed) {
            throw new IllegalStateException("device key used after close()");
        }
        return bases.get(s);
    }

    public KernelHost host() {
        return host;
    }

    String hostName() {
        return host.name();
    }

    /** Device bytes of the five sections. */
    public long deviceBytes() {
        return bases.values().stream().mapToLong(ResidentBases::deviceBytes).sum();
    }

    /** Seconds {@link #load} took (checksums, copies, decompression), or the device copies of a built key. */
    public double loadSeconds() {
        return loadNanos / 1e9;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            bases.values().forEach(ResidentBases::close);
            bases.clear();
        }
    }
}
