package jzk.tornado.bls;

/**
 * Affine bases of one group kept on a device across MSM calls (a proving key's points are reused by every
 * proof), cut into segments of at most {@code segmentPoints} points so that inputs larger than one device
 * buffer (or than device memory, when the caller picks small segments and re-uploads) are processed in chunks.
 *
 * <p>Invariants: {@code d} is 1 (G1) or 2 (G2); segment k holds points {@code [k·segmentPoints, …)} in the
 * kernels' 32-bit layout ({@link MsmKernels}); the bases were converted from the project layout (affine,
 * Montgomery, 64-bit limbs, infinity all zeros) and are trusted: they are not checked to lie on the curve.
 */
public final class ResidentBases implements AutoCloseable {
    final KernelHost host;
    public final int d;
    public final int n;
    final int segmentPoints;
    final KernelHost.Buffer[] segments;
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
            int[] ints = new int[Math.max(1, points) * 24 * d];
            Layout.split(bases, from * longsPerPoint, ints, 0, points * longsPerPoint);
            segments[k] = host.allocate(ints.length);
            host.write(segments[k], 0, ints, ints.length);
        }
    }

    int segmentSize(int k) {
        return Math.min(segmentPoints, n - k * segmentPoints);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            for (KernelHost.Buffer b : segments) {
                b.close();
            }
        }
    }
}
