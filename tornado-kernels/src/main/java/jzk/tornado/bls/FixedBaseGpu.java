package jzk.tornado.bls;

import java.lang.reflect.Method;
import java.util.stream.IntStream;
import jzk.arith.CoordinateField;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.tornado.api.Kernels;
import jzk.tornado.bls.kernels.FixedBaseKernels;
import jzk.tornado.config.RuntimeConfig;

/**
 * Host driver of {@link FixedBaseKernels}: the multiples {@code [s_i]P} of one fixed base P for many scalars, on a
 * device. The table of P ({@link FixedBaseKernels#WINDOWS} × {@link FixedBaseKernels#DIGITS} affine multiples,
 * the layout of the prover's {@code FixedBaseMul}) is uploaded once, at construction; each {@link #mulAll} call
 * streams the scalars through the device in batches of {@link #batchPoints} work-items. Copies use the
 * {@code long[]} forms of {@link KernelHost#write}/{@link KernelHost#read} (64-bit and 32-bit little-endian limbs
 * are the same bytes), so the host converts nothing.
 *
 * <p>Affine output: the kernel writes XYZZ points; the host normalises them with one field inversion per chunk
 * of {@link #CHUNK} points (Montgomery's trick, "Speeding the Pollard and elliptic curve methods of
 * factorization", 1987, §10.3.1), on all cores, while the device already computes the next batch (launches are
 * queued; the copy back of batch k happens before batch k + 1 is queued). Why on the host: per point that is 8
 * field products (t = ZZ·ZZZ, 3 for the batch inversion, ZZ⁻¹ = t⁻¹·ZZZ, ZZZ⁻¹ = t⁻¹·ZZ, x, y) against about 350
 * in the kernel, so it overlaps with the device work instead of needing a device-side batch inversion (or a
 * 381-bit exponentiation per point, which would double the kernel).
 *
 * <p>Invariants: layouts as docs/ARCHITECTURE.md (Montgomery 64-bit limbs, affine infinity all zeros). The result
 * of each scalar is its unique reduced affine point, hence bit-identical to any correct CPU computation of the
 * same integer multiple. Not thread-safe.
 */
public final class FixedBaseGpu implements AutoCloseable {
    private static final Method MUL_ALL = Kernels.of(FixedBaseKernels::mulAll);
    /** Table entries: 32 windows × 255 non-zero digits. */
    public static final int TABLE_POINTS = FixedBaseKernels.WINDOWS * FixedBaseKernels.DIGITS;
    /**
     * Points per host normalisation chunk: one inversion (a few hundred products) amortised over 1024 × 8
     * products, and enough chunks per batch (2^10 of 2^20) to spread over every core.
     */
    static final int CHUNK = 1024;
    /**
     * Work-items per launch: 2^18 is about two waves of an H200 at this kernel's occupancy (132 SMs, 56 registers
     * and a 2.5 KB stack per work-item), small enough that a 2^20-point query runs as 4 launches, so the host
     * normalises batch k while the device computes batch k + 1 (G2: 100 MB of XYZZ output per batch). Not yet
     * tuned on the GPU (SetupBench --batches compares sizes); settable with {@code -Djzk.setup.batch}.
     */
    public static final int DEFAULT_BATCH = RuntimeConfig.get().setupBatchItems();
    private static final int LOCAL = 64;

    private final KernelHost host;
    public final int d;
    private final int batchPoints;
    private final int chunkPoints;
    private final KernelHost.Buffer table;
    private final CoordinateField field;
    private boolean closed;
    /** Profile (benchmarks): ns in uploads + launches, in reads (waiting for the device + copy), in normalisation. */
    private long launchNanos;
    private long readNanos;
    private long affineNanos;

    /**
     * Uploads {@code tableAffine} ({@link #TABLE_POINTS} · 12·d longs; entry (k, e) = [e·2^(8k)]P at index
     * {@code k·255 + e − 1}).
     */
    public FixedBaseGpu(KernelHost host, int d, long[] tableAffine) {
        this(host, d, tableAffine, DEFAULT_BATCH);
    }

    /** As {@link #FixedBaseGpu(KernelHost, int, long[])} with {@code batchPoints} work-items per launch. */
    public FixedBaseGpu(KernelHost host, int d, long[] tableAffine, int batchPoints) {
        this(host, d, tableAffine, batchPoints, CHUNK);
    }

    /** Tests: small normalisation chunks exercise the chunk boundaries with few points. */
    FixedBaseGpu(KernelHost host, int d, long[] tableAffine, int batchPoints, int chunkPoints) {
        if (d != 1 && d != 2) {
            throw new IllegalArgumentException("group degree " + d + " is neither 1 (G1) nor 2 (G2)");
        }
        long want = (long) TABLE_POINTS * 12 * d;
        if (tableAffine.length != want) {
            throw new IllegalArgumentException("fixed-base table of " + tableAffine.length + " longs; a "
                    + (d == 1 ? "G1" : "G2") + " table has " + TABLE_POINTS + " affine points = " + want + " longs");
        }
        if (batchPoints < 1 || (long) batchPoints * 48 * d > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("batch of " + batchPoints + " points: must be ≥ 1 and keep the "
                    + "kernel's output indices below 2^31 (≤ " + Integer.MAX_VALUE / (48 * d) + ")");
        }
        this.host = host;
        this.d = d;
        this.batchPoints = batchPoints;
        this.chunkPoints = chunkPoints;
        this.field = d == 1 ? G1.CURVE.field : G2.CURVE.field;
        this.table = host.allocate(2L * tableAffine.length);
        host.write(table, 0, tableAffine, 0, tableAffine.length);
    }

    public int batchPoints() {
        return batchPoints;
    }

    /**
     * {@code [scalars_i]P} for {@code i < count}, affine (12·d longs each) in a new array. Scalars: 4 longs each,
     * little-endian, canonical (not Montgomery); any 256-bit value gives its integer multiple.
     */
    public long[] mulAll(long[] scalars, int count) {
        if (closed) {
            throw new IllegalStateException("FixedBaseGpu used after close()");
        }
        if (count < 0 || scalars.length < 4L * count) {
            throw new IllegalArgumentException(count + " scalars need " + 4L * count + " longs, got "
                    + scalars.length);
        }
        int al = 12 * d;
        int pInts = 48 * d;
        long[] out = new long[Math.multiplyExact(count, al)];
        if (count == 0) {
            return out;
        }
        int batch = Math.min(batchPoints, count);
        try (KernelHost.Buffer sc = host.allocate(8L * batch);
             KernelHost.Buffer xyzz = host.allocate((long) batch * pInts)) {
            long[] p64 = new long[batch * pInts / 2]; // XYZZ points as 64-bit limbs (the same bytes)
            long t = System.nanoTime();
            launch(scalars, 0, batch, sc, xyzz);
            for (int from = 0; from < count; from += batch) {
                int m = Math.min(batch, count - from);
                long t1 = System.nanoTime();
                launchNanos += t1 - t;
                host.read(xyzz, 0, p64, 0, m * pInts / 2); // waits for this batch's launch
                long t2 = System.nanoTime();
                readNanos += t2 - t1;
                int next = from + batch;
                if (next < count) {
                    launch(scalars, next, Math.min(batch, count - next), sc, xyzz);
                }
                long t3 = System.nanoTime();
                launchNanos += t3 - t2;
                toAffine(p64, m, out, from * al);
                t = System.nanoTime();
                affineNanos += t - t3;
            }
        }
        return out;
    }

    /** Uploads scalars [from, from + m) (the long[] as it is: same bytes as 8 ints each) and queues the kernel. */
    private void launch(long[] scalars, int from, int m, KernelHost.Buffer sc, KernelHost.Buffer xyzz) {
        host.write(sc, 0, scalars, from * 4, 4 * m);
        int local = Math.min(LOCAL, host.maxLocalSize(MUL_ALL));
        int grid = (m + local - 1) / local * local;
        host.launch(MUL_ALL, grid, local, d, table, sc, xyzz, m);
    }

    /**
     * XYZZ ({@code p64[0 … m·24d)}, 64-bit limbs) → affine in the project layout at {@code out[oo…]}: per chunk,
     * t_i = ZZ_i·ZZZ_i, one inversion of Π t_i, then ZZ⁻¹ = t⁻¹·ZZZ, ZZZ⁻¹ = t⁻¹·ZZ, x = X·ZZ⁻¹, y = Y·ZZZ⁻¹.
     */
    private void toAffine(long[] c, int m, long[] out, int oo) {
        int e = 6 * d;
        int chunk = chunkPoints;
        IntStream.range(0, (m + chunk - 1) / chunk).parallel().forEach(ch -> {
            int start = ch * chunk;
            int len = Math.min(chunk, m - start);
            int base = start * 4 * e; // X, Y, ZZ, ZZZ per point
            long[] prefix = new long[(len + 1) * e]; // prefix[i] = Π t_j over finite points j < i
            long[] t = new long[len * e];
            long[] k = new long[Math.max(1, field.scratchLongs())]; // the Fp2 products' scratch, reused
            field.setOne(prefix, 0);
            for (int i = 0; i < len; i++) {
                int po = base + i * 4 * e;
                if (field.isZero(c, po + 2 * e)) {
                    field.copy(prefix, (i + 1) * e, prefix, i * e);
                } else {
                    field.mul(t, i * e, c, po + 2 * e, c, po + 3 * e, k, 0);
                    field.mul(prefix, (i + 1) * e, prefix, i * e, t, i * e, k, 0);
                }
            }
            long[] w = new long[4 * e]; // running inverse, t_i⁻¹, ZZ⁻¹, ZZZ⁻¹
            field.inverse(w, 0, prefix, len * e);
            for (int i = len - 1; i >= 0; i--) {
                int po = base + i * 4 * e;
                int ro = oo + (start + i) * 2 * e;
                if (field.isZero(c, po + 2 * e)) {
                    continue; // infinity: out is already all zeros
                }
                field.mul(w, e, w, 0, prefix, i * e, k, 0); // t_i⁻¹
                field.mul(w, 0, w, 0, t, i * e, k, 0); // drop t_i from the running inverse
                field.mul(w, 2 * e, w, e, c, po + 3 * e, k, 0); // ZZ⁻¹ = ZZZ / (ZZ·ZZZ)
                field.mul(w, 3 * e, w, e, c, po + 2 * e, k, 0); // ZZZ⁻¹ = ZZ / (ZZ·ZZZ)
                field.mul(out, ro, c, po, w, 2 * e, k, 0);
                field.mul(out, ro + e, c, po + e, w, 3 * e, k, 0);
            }
        });
    }

    /**
     * Where the time of the {@link #mulAll} calls so far went, in seconds: uploads and launches (queued, so mostly
     * the scalar copies), reads (waiting for the kernel, then the copy back), host normalisation to affine.
     */
    public String profile() {
        return String.format(java.util.Locale.ROOT, "upload+launch %.3f s, wait+read %.3f s, affine %.3f s",
                launchNanos / 1e9, readNanos / 1e9, affineNanos / 1e9);
    }

    /** Frees the device table. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            table.close();
        }
    }
}
