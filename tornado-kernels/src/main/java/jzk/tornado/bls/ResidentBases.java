package jzk.tornado.bls;

/**
 * Affine bases of one group kept on a device across MSM calls (a proving key's points are reused by every
 * proof), cut into segments of at most {@code segmentPoints} points so that inputs larger than one device
 * buffer (or than device memory, when the caller picks small segments and re-uploads) are processed in chunks.
 *
 * <p>Invariants: {@code d} is 1 (G1) or 2 (G2); segment k holds points {@code [k·segmentPoints, …)} in the
 * kernels' 32-bit layout ({@link MsmKernels}); the bases were converted from the project layout (affine,
 * Montgomery, 64-bit limbs, infinity all zeros) and are trusted: they are not checked to lie on the curve.
 * Besides the bases it keeps the {@link MsmScratch} of the MSMs run over them (at G1 2^24 about 1.5 GiB: the
 * scalars and the sorted path's bucket entries), freed by {@link #close()}; MSMs over one instance are
 * serialised (they synchronise on it).
 */
public final class ResidentBases implements AutoCloseable {
    final KernelHost host;
    public final int d;
    public final int n;
    final int segmentPoints;
    final KernelHost.Buffer[] segments;
    private MsmScratch scratch;
    private boolean ownsHost;
    private boolean closed;

    /**
     * Uploads {@code bases}: {@code n·12·d} longs (G1: x, y; G2: x.c0, x.c1, y.c0, y.c1), per
     * docs/ARCHITECTURE.md.
     */
    public ResidentBases(KernelHost host, int d, long[] bases, int segmentPoints) {
        if (d != 1 && d != 2) {
            throw new IllegalArgumentException("group degree " + d + " is neither 1 (G1) nor 2 (G2)");
        }
        int longsPerPoint = 12 * d;
        if (bases.length % longsPerPoint != 0) {
            throw new IllegalArgumentException("bases array of " + bases.length + " longs is not a whole number of "
                    + (d == 1 ? "G1" : "G2") + " affine points (" + longsPerPoint + " longs each)");
        }
        if (segmentPoints < 1) {
            throw new IllegalArgumentException("segmentPoints must be positive, got " + segmentPoints);
        }
        this.host = host;
        this.d = d;
        this.n = bases.length / longsPerPoint;
        this.segmentPoints = segmentPoints;
        int count = Math.max(1, (n + segmentPoints - 1) / segmentPoints);
        this.segments = new KernelHost.Buffer[count];
        for (int k = 0; k < count; k++) {
            int from = k * segmentPoints;
            int points = Math.min(segmentPoints, n - from);
            // 64-bit LE limbs are the kernels' 32-bit LE limbs byte for byte: a plain copy, no int[]
            segments[k] = host.allocate((long) Math.max(1, points) * 24 * d);
            host.write(segments[k], 0, bases, from * longsPerPoint, points * longsPerPoint);
        }
    }

    /**
     * Device memory for {@code n} points of degree {@code d}, contents undefined until written (by
     * {@link CompressedUpload}, which decompresses a parameter file's points into it chunk by chunk).
     */
    ResidentBases(KernelHost host, int d, int n, int segmentPoints) {
        if (d != 1 && d != 2) {
            throw new IllegalArgumentException("group degree " + d + " is neither 1 (G1) nor 2 (G2)");
        }
        if (n < 0 || segmentPoints < 1) {
            throw new IllegalArgumentException("bad size: " + n + " points, segments of " + segmentPoints);
        }
        this.host = host;
        this.d = d;
        this.n = n;
        this.segmentPoints = segmentPoints;
        int count = Math.max(1, (n + segmentPoints - 1) / segmentPoints);
        this.segments = new KernelHost.Buffer[count];
        try {
            for (int k = 0; k < count; k++) {
                segments[k] = host.allocate((long) Math.max(1, Math.min(segmentPoints, n - k * segmentPoints))
                        * 24 * d);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Copies {@code count} affine points {@code src[from…]} (12·d longs each, the layout of the uploading
     * constructor) into points {@code [at, at + count)}: a key made on this machine (setup's fixed-base batches)
     * goes into these bases as it is produced, with no compressed round trip. A piece crossing a segment boundary
     * is split.
     */
    public void write(int at, long[] src, int from, int count) {
        int longsPerPoint = 12 * d;
        if (count < 0 || at < 0 || at > n - count || from < 0 || from > src.length - (long) count * longsPerPoint) {
            throw new IllegalArgumentException(count + " points at " + at + " (from long " + from + " of "
                    + src.length + ") do not fit " + n + " resident points");
        }
        pieces(at, count, (seg, within, done, m) -> host.write(segments[seg], (long) within * 24 * d, src,
                from + done * longsPerPoint, m * longsPerPoint));
    }

    /** Points {@code [at, at + count)} copied back to the host in the layout of {@link #write} (tests, checks). */
    public long[] read(int at, int count) {
        int longsPerPoint = 12 * d;
        if (count < 0 || at < 0 || at > n - count) {
            throw new IllegalArgumentException(count + " points at " + at + " are not within " + n);
        }
        long[] out = new long[Math.multiplyExact(count, longsPerPoint)];
        pieces(at, count, (seg, within, done, m) -> host.read(segments[seg], (long) within * 24 * d, out,
                done * longsPerPoint, m * longsPerPoint));
        return out;
    }

    /** {@code m} points inside segment {@code seg} from its point {@code within}: the request's {@code done}-th on. */
    private interface Piece {
        void copy(int seg, int within, int done, int m);
    }

    /** Points {@code [at, at + count)} cut at the segment boundaries, in order. */
    private void pieces(int at, int count, Piece piece) {
        int done = 0;
        while (done < count) {
            int p = at + done;
            int seg = p / segmentPoints;
            int within = p - seg * segmentPoints;
            int m = Math.min(count - done, segmentPoints - within);
            piece.copy(seg, within, done, m);
            done += m;
        }
    }

    /** Bytes of device memory the bases take (without the MSM scratch). */
    public long deviceBytes() {
        long b = 0;
        for (KernelHost.Buffer s : segments) {
            b += s == null ? 0 : 4 * s.ints();
        }
        return b;
    }

    /**
     * As {@link #ResidentBases(KernelHost, int, long[], int)}; when {@code ownsHost}, {@link #close()} closes
     * {@code host} too (the {@code Device} entry points of {@link BlsGpu} wrap the device in a host of their own).
     */
    ResidentBases(KernelHost host, int d, long[] bases, int segmentPoints, boolean ownsHost) {
        this(host, d, bases, segmentPoints);
        this.ownsHost = ownsHost;
    }

    /** The device buffers MSMs over these bases reuse (scalars, sorted-path tables), made on first use. */
    MsmScratch scratch() {
        if (scratch == null) {
            scratch = new MsmScratch(host);
        }
        return scratch;
    }

    int segmentSize(int k) {
        return Math.min(segmentPoints, n - k * segmentPoints);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            for (KernelHost.Buffer b : segments) {
                if (b != null) {
                    b.close();
                }
            }
            if (scratch != null) {
                scratch.close();
            }
            if (ownsHost) {
                host.close();
            }
        }
    }
}
