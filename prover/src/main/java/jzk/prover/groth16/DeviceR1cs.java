package jzk.prover.groth16;

import jzk.prover.r1cs.CsrMatrix;
import jzk.prover.r1cs.R1cs;
import jzk.tornado.bls.DeviceMatrix;
import jzk.tornado.bls.KernelHost;

/**
 * An {@link R1cs}'s three matrices resident on a device ({@link DeviceMatrix}), uploaded once per circuit shape
 * and owned by the {@link DeviceBackend} that made them (freed by its {@code close}/{@code release}). With the
 * assignment on the device, {@link #evaluate} writes the QAP evaluations a, b, c of a whole domain with no host
 * traffic: the same vectors as {@link StagedProver#evaluations} on the host (rows 0..m−1 the mat-vec, rows
 * m..m+nPublic of a the input-consistency copies of z, zeros to the domain size; tested bit for bit).
 *
 * <p>B's aliased rows (the host's evaluation plan, {@link R1cs#bRowAlias}) are computed, not copied: the B
 * matrix holds their entries in full, and a device row costs the same either way.
 */
final class DeviceR1cs implements AutoCloseable {
    private final R1cs cs;
    private final DeviceMatrix a;
    private final DeviceMatrix b;
    private final DeviceMatrix c;

    DeviceR1cs(KernelHost host, R1cs cs) {
        this.cs = cs;
        DeviceMatrix da = null;
        DeviceMatrix db = null;
        try {
            da = upload(host, cs.a());
            db = upload(host, cs.b());
            this.c = upload(host, cs.c());
        } catch (RuntimeException e) {
            if (da != null) {
                da.close();
            }
            if (db != null) {
                db.close();
            }
            throw e;
        }
        this.a = da;
        this.b = db;
    }

    private static DeviceMatrix upload(KernelHost host, CsrMatrix m) {
        return new DeviceMatrix(host, m.rows(), m.cols(), m.rowStart(), m.colIndex(), m.coeffId(), m.coeffTable(),
                m.oneId());
    }

    R1cs r1cs() {
        return cs;
    }

    long deviceBytes() {
        return a.deviceBytes() + b.deviceBytes() + c.deviceBytes();
    }

    /**
     * a, b, c (n elements each) from the Montgomery assignment {@code z} on the device; {@code inputs} = 1 +
     * public inputs copied into a after the m constraint rows. Launched, not waited for.
     */
    void evaluate(KernelHost.Buffer z, KernelHost.Buffer ba, KernelHost.Buffer bb, KernelHost.Buffer bc, int inputs,
                  int n) {
        a.mulVec(z, ba, inputs, n);
        b.mulVec(z, bb, 0, n);
        c.mulVec(z, bc, 0, n);
    }

    @Override
    public void close() {
        a.close();
        b.close();
        c.close();
    }
}
