package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.DecompressKernels;

/**
 * Fills {@link ResidentBases} from compressed points (field-arith's {@code PointEncoding}: 48 bytes a G1 point, 96
 * a G2 point) in chunks: each chunk goes to one device staging buffer as it is (the host's pinned staging path of
 * {@link KernelHost#write(KernelHost.Buffer, long, long[], int, int)}), {@link DecompressKernels#decompress} expands
 * it into the resident segment, and the per-point statuses come back (4 bytes a point) so a bad point is named.
 * Host memory: the staging buffers only, never the whole set of points.
 *
 * <p>Invariants: one instance serves one group degree; the staging and status buffers hold {@code chunkPoints}
 * points and are reused by every {@link #put}; a chunk that crosses a segment boundary is split (the kernel writes
 * into one segment per launch). Close it to free the staging buffers (the bases stay).
 */
public final class CompressedUpload implements AutoCloseable {
    private static final Method DECOMPRESS = Kernels.of(DecompressKernels::decompress);
    private static final int LOCAL = 64;

    private final KernelHost host;
    public final int d;
    public final int chunkPoints;
    private final KernelHost.Buffer staging;
    private final KernelHost.Buffer status;
    private final int[] statusHost;

    public CompressedUpload(KernelHost host, int d, int chunkPoints) {
        if (d != 1 && d != 2 || chunkPoints < 1) {
            throw new IllegalArgumentException("degree " + d + ", chunk of " + chunkPoints + " points");
        }
        this.host = host;
        this.d = d;
        this.chunkPoints = chunkPoints;
        this.staging = host.allocate((long) chunkPoints * 12 * d);
        this.status = host.allocate(chunkPoints);
        this.statusHost = new int[chunkPoints];
    }

    /** Empty device bases for {@code n} points of degree {@code d} in the default segments, to be {@link #put} into. */
    public static ResidentBases allocate(KernelHost host, int d, int n) {
        return new ResidentBases(host, d, n, BlsGpu.defaultSegment(d));
    }

    /**
     * Decompresses {@code count ≤ chunkPoints} points, whose encodings are the bytes of {@code src[0 … count·6·d)}
     * (little-endian longs, i.e. the file's bytes as they are), into {@code dst} at points {@code [at, at + count)}.
     * Returns -1, or {@code index·8 + status} of the first point that failed ({@link DecompressKernels} codes).
     */
    public long put(ResidentBases dst, int at, long[] src, int count) {
        if (dst.d != d || count < 0 || count > chunkPoints || at < 0 || at > dst.n - count
                || src.length < (long) count * 6 * d) {
            throw new IllegalArgumentException(count + " points at " + at + " do not fit " + dst.n
                    + " resident points or this chunk of " + chunkPoints);
        }
        int done = 0;
        while (done < count) {
            int p = at + done;
            int seg = p / dst.segmentPoints;
            int within = p - seg * dst.segmentPoints;
            int m = Math.min(count - done, dst.segmentPoints - within);
            host.write(staging, 0, src, done * 6 * d, m * 6 * d);
            int local = Math.min(LOCAL, host.maxLocalSize(DECOMPRESS));
            int grid = (m + local - 1) / local * local;
            host.launch(DECOMPRESS, grid, local, d, staging, dst.segments[seg], within * 24 * d, status, m);
            host.read(status, 0, statusHost, m);
            for (int i = 0; i < m; i++) {
                if (statusHost[i] != DecompressKernels.OK) {
                    return (long) (done + i) * 8 + statusHost[i];
                }
            }
            done += m;
        }
        return -1;
    }

    /** One line for a status code of {@link DecompressKernels}. */
    public static String describe(int code) {
        return switch (code) {
            case DecompressKernels.NOT_COMPRESSED -> "compression flag (0x80) not set";
            case DecompressKernels.BAD_INFINITY -> "infinity flag with other bits set";
            case DecompressKernels.NOT_CANONICAL -> "coordinate not below the field modulus";
            case DecompressKernels.NOT_ON_CURVE -> "no curve point has this x (x³ + b is not a square)";
            default -> "status " + code;
        };
    }

    @Override
    public void close() {
        staging.close();
        status.close();
    }
}
