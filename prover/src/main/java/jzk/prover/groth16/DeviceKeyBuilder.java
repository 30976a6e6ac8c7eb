package jzk.prover.groth16;

import jzk.tornado.bls.CompressedUpload;
import jzk.tornado.bls.KernelHost;

/**
 * A {@link DeviceKey} made from the points of a setup as it generates them ({@link Setup#generateTo} with this as
 * its {@link PointSink}), instead of reading the parameter file back: the large sections' device memory is
 * allocated at {@link #begin} (the sizes of {@link CompressedParams#expectedCounts}) and each fixed-base piece is
 * copied there as it is ({@link jzk.tornado.bls.ResidentBases#write}; the points are affine Montgomery, the
 * resident layout), the small sections are kept on the host. The key equals the one {@link DeviceKey#load} makes
 * from the file written by the same setup (ParamsCacheResidentTest reads both back): the file holds the same points,
 * compressed, and decompression is exact.
 *
 * <p>What it skips against a load: reading the file, the chunk checksums, the decompression kernels (square roots),
 * and the curve checks of the small sections (the points were just computed here). Ownership: {@link #finish}
 * hands the key to the caller; a builder closed before that frees what it allocated. Not thread-safe (setup's one
 * producer thread).
 */
public final class DeviceKeyBuilder implements PointSink, AutoCloseable {
    private final KernelHost host;
    private final DeviceKey dk;
    private ProvingKey.HVariant hVariant;
    private int nVars;
    private int nPublic;
    private int nRows;
    private int lgDomain;
    private long[] count;
    private final long[] written = new long[ParamsFile.SECTIONS];
    /** Sections α₁ … IC (indices 0..6) on the host. */
    private final long[][] small = new long[7][];
    private long copyNanos;
    private boolean finished;

    public DeviceKeyBuilder(KernelHost host) {
        this.host = host;
        this.dk = new DeviceKey(host);
    }

    @Override
    public void begin(ProvingKey.HVariant hVariant, int nVars, int nPublic, int nRows, int lgDomain) {
        if (count != null) {
            throw new IllegalStateException("begin() called twice");
        }
        this.hVariant = hVariant;
        this.nVars = nVars;
        this.nPublic = nPublic;
        this.nRows = nRows;
        this.lgDomain = lgDomain;
        this.count = CompressedParams.expectedCounts(hVariant, nVars, nPublic, lgDomain);
        for (int s = 0; s < small.length; s++) {
            small[s] = new long[Math.toIntExact(count[s] * (ParamsFile.IS_G2[s] ? Points.G2 : Points.G1))];
        }
        for (KeySection ks : KeySection.values()) { // all device memory up front: a key that does not fit fails now
            dk.put(ks, CompressedUpload.allocate(host, ks.g2() ? 2 : 1, Math.toIntExact(count[ks.index])));
        }
    }

    @Override
    public void append(int s, long[] pts, int from, int n) {
        if (count == null) {
            throw new IllegalStateException("append() before begin()");
        }
        if (written[s] + n > count[s]) {
            throw new IllegalStateException("section " + ParamsFile.NAMES[s] + ": " + (written[s] + n)
                    + " points appended, it has " + count[s]);
        }
        int longs = ParamsFile.IS_G2[s] ? Points.G2 : Points.G1;
        if (s < small.length) {
            System.arraycopy(pts, from, small[s], Math.toIntExact(written[s] * longs), n * longs);
        } else {
            long t = System.nanoTime();
            dk.bases(KeySection.values()[s - small.length]).write((int) written[s], pts, from, n);
            copyNanos += System.nanoTime() - t;
        }
        written[s] += n;
    }

    /** The finished key (every section complete); it belongs to the caller from here. */
    public DeviceKey finish() {
        for (int s = 0; s < ParamsFile.SECTIONS; s++) {
            if (count == null || written[s] != count[s]) {
                throw new IllegalStateException("section " + ParamsFile.NAMES[s] + " has " + written[s] + " of its "
                        + (count == null ? "?" : count[s]) + " points");
            }
        }
        VerifyingKey vk = new VerifyingKey(small[0], small[2], small[3], small[5], small[6]);
        dk.complete(new ProvingKey(hVariant, nVars, nPublic, nRows, lgDomain, small[0], small[1], small[2],
                small[4], small[5], dk, vk), copyNanos);
        finished = true;
        return dk;
    }

    /** Seconds spent copying the large sections to the device so far. */
    public double copySeconds() {
        return copyNanos / 1e9;
    }

    /** Frees the device memory unless {@link #finish} handed the key over. */
    @Override
    public void close() {
        if (!finished) {
            dk.close();
        }
    }
}
