package jzk.prover.groth16;

import jzk.arith.Curve;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.arith.G1;
import jzk.arith.G2;
import jzk.arith.MontgomeryField;
import jzk.prover.config.ProverConfig;
import jzk.prover.r1cs.R1cs;
import jzk.tornado.bls.BlsGpu;
import jzk.tornado.bls.Coset;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.ResidentBases;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link ProverBackend} on a device through the kernels' host API ({@code jzk.tornado.bls.BlsGpu}): the quotient
 * (six NTTs, the pointwise a·b − c, and for bellman keys the division by Z and the inverse coset NTT) runs on
 * {@code host} in one round trip ({@code BlsGpu.quotient}), and so do the MSMs (a GPU, PoCL, or the {@code jvm}
 * device).
 *
 * <p>Bases: a whole key array (offset 0, full length) is uploaded once and kept resident ({@code ResidentBases},
 * keyed by array identity — key arrays are never modified), so repeated proofs with one key upload only
 * scalars; slices are uploaded per call. MSMs over resident bases split their scalars by class on the device when
 * zeros and ones are common (the witness MSMs A, B1, L, B2 of a SHA-256-heavy circuit; not the H MSM), see
 * {@code jzk.tornado.bls.SplitMsm}. {@link #close} frees the resident bases. Results are the same group
 * elements as {@link CpuBackend}'s, so with fixed r, s the proofs are byte-identical (tested on the jvm device
 * and, opt-in, on PoCL). Not thread-safe for concurrent proofs on one instance beyond what the host allows.
 *
 * <p>Streams: {@link #onStream} gives a backend for another stream (CUDA) / queue (OpenCL) of the same device, for
 * a second GPU worker: its quotient and per-call MSMs run on its own stream, so they overlap with the first
 * worker's work, while the resident bases stay one copy, owned by this backend and uploaded through its host (the
 * MSMs over them run there, one at a time per base set: they share the set's scratch).
 *
 * <p>NTT plans ({@link #nttPlan}, {@link NttPlans}): with {@code -Djzk.ntt.keepPlans=true} each backend — the owner
 * and every stream view, since a plan launches on its own host's stream — keeps one plan per (size, root family)
 * between GPU stages and frees it at its own {@link #close}; {@link #residentBytes} counts the kept plans of the
 * owner and its views. Off (the default), every stage builds and frees its own plan.
 */
public final class DeviceBackend implements ProverBackend, AutoCloseable {
    private static final MontgomeryField F = Fr.F;
    private final KernelHost host;
    /** The host resident bases are uploaded through and run on: {@code host}, or the owner's for a stream view. */
    private final KernelHost residentHost;
    private final Map<long[], ResidentBases> resident;
    /**
     * R1CS matrices on the device, one set per circuit shape ({@link DeviceStage}); freed with the bases, shared
     * with the stream views like them.
     */
    private final Map<R1cs, DeviceR1cs> matrices;
    /** Whether {@link #close} frees the resident bases and matrices (false for a stream view: its owner does). */
    private final boolean ownsResident;
    /** This backend's NTT plans, on {@code host}; owned by this backend (a stream view too), freed by its close. */
    private final NttPlans plans;
    /** The plan sets of the owner and its stream views, shared by them: what {@link #residentBytes} counts. */
    private final List<NttPlans> allPlans;

    /** A backend on {@code host}; NTT plans kept between stages as {@code jzk.ntt.keepPlans} says. */
    public DeviceBackend(KernelHost host) {
        this(host, ProverConfig.get().keepNttPlans());
    }

    /** As {@link #DeviceBackend(KernelHost)}, with plans kept or not whatever the setting (tests). */
    DeviceBackend(KernelHost host, boolean keepNttPlans) {
        this(host, host, Collections.synchronizedMap(new IdentityHashMap<>()),
                Collections.synchronizedMap(new IdentityHashMap<>()), true, new NttPlans(host, keepNttPlans),
                new CopyOnWriteArrayList<>());
    }

    private DeviceBackend(KernelHost host, KernelHost residentHost, Map<long[], ResidentBases> resident,
                          Map<R1cs, DeviceR1cs> matrices, boolean ownsResident, NttPlans plans,
                          List<NttPlans> allPlans) {
        this.host = host;
        this.residentHost = residentHost;
        this.resident = resident;
        this.matrices = matrices;
        this.ownsResident = ownsResident;
        this.plans = plans;
        this.allPlans = allPlans;
        allPlans.add(plans);
    }

    /**
     * A backend on {@code streamHost}, a host over another stream of this backend's device, sharing this one's
     * resident bases (see the class comment). Its {@link #close} frees nothing of this one; the host stays the
     * caller's.
     */
    public DeviceBackend onStream(KernelHost streamHost) {
        return new DeviceBackend(streamHost, residentHost, resident, matrices, false,
                new NttPlans(streamHost, plans.keeps()), allPlans);
    }

    @Override
    public String name() {
        return "device:" + host.name();
    }

    /** The host the resident bases (and a resident key used with this backend) live on: the owner's for a stream view. */
    public KernelHost residentHost() {
        return residentHost;
    }

    /** The device this backend runs on. */
    public KernelHost host() {
        return host;
    }

    /**
     * An NTT plan of 2^lgN for {@code family} on {@link #host}, lent to one GPU stage until the lease closes: the
     * kept one with {@code jzk.ntt.keepPlans}, else a new plan the lease frees (see {@link NttPlans}).
     */
    NttPlans.Lease nttPlan(int lgN, Fr.RootFamily family) {
        return plans.acquire(lgN, family);
    }

    /** Plans this backend has built so far (not its stream views'): tests check a kept plan is built once. */
    int nttPlansBuilt() {
        return plans.built();
    }

    /** {@code cs}'s matrices on this device, uploaded on first use and kept until {@link #release} / close. */
    DeviceR1cs matrices(R1cs cs) {
        return matrices.computeIfAbsent(cs, r -> new DeviceR1cs(residentHost, r));
    }

    /**
     * The bases of {@code section}: a {@link DeviceKey}'s in place, else the host array uploaded once and kept
     * resident (as {@link #msmKey(ProvingKey, KeySection, long[], int, int)} does).
     */
    ResidentBases bases(ProvingKey pk, KeySection section) {
        if (pk.device != null) {
            if (pk.device.host() != residentHost) {
                throw new IllegalStateException("the proving key is resident on " + pk.device.host().name()
                        + ", this backend runs on " + host.name());
            }
            return pk.device.bases(section);
        }
        long[] points = section.points(pk);
        return resident.computeIfAbsent(points,
                p -> section.g2() ? BlsGpu.residentG2(host, p) : BlsGpu.residentG1(host, p));
    }

    /**
     * {@code Σ_{i<count} scalars[offset + i] · section[i]} with the canonical scalars already on this device
     * (8 ints each); Jacobian. {@code count} must be the section's length (0: the point at infinity).
     */
    long[] msmKey(ProvingKey pk, KeySection section, KernelHost.Buffer scalars, int offset, int count) {
        Curve curve = section.g2() ? G2.CURVE : G1.CURVE;
        if (count == 0) {
            return jacobian(curve, null);
        }
        ResidentBases rb = bases(pk, section);
        if (count != rb.n) {
            throw new IllegalArgumentException(section + ": " + count + " scalars for " + rb.n + " resident points");
        }
        return jacobian(curve, BlsGpu.msm(rb, scalars, offset));
    }

    /** One device queue: calls come one at a time, in the prover's order. */
    @Override
    public boolean concurrent() {
        return false;
    }

    @Override
    public long[] msmG1(long[] points, int po, long[] scalars, int so, int count) {
        return jacobian(G1.CURVE, count == 0 ? null : msm(1, points, po, scalars, so, count));
    }

    @Override
    public long[] msmG2(long[] points, int po, long[] scalars, int so, int count) {
        return jacobian(G2.CURVE, count == 0 ? null : msm(2, points, po, scalars, so, count));
    }

    /** Over a {@link DeviceKey} on this backend's host: its resident bases, in place; else as the default. */
    @Override
    public long[] msmKey(ProvingKey pk, KeySection section, long[] scalars, int so, int count) {
        if (pk.device == null) {
            return ProverBackend.super.msmKey(pk, section, scalars, so, count);
        }
        if (pk.device.host() != residentHost) {
            throw new IllegalStateException("the proving key is resident on " + pk.device.host().name()
                    + ", this backend runs on " + residentHost.name());
        }
        ResidentBases rb = pk.device.bases(section);
        if (count == 0) {
            return jacobian(section.g2() ? G2.CURVE : G1.CURVE, null);
        }
        if (count != rb.n) {
            throw new IllegalArgumentException(section + ": " + count + " scalars for " + rb.n + " resident points");
        }
        return jacobian(section.g2() ? G2.CURVE : G1.CURVE, BlsGpu.msm(rb, slice(scalars, so, count * 4)));
    }

    @Override
    public long[] quotient(ProvingKey.HVariant variant, FrDomain domain, long[] a, long[] b, long[] c) {
        if (domain.n < 2) {
            return CpuBackend.INSTANCE.quotient(variant, domain, a, b, c); // the kernels need n ≥ 2
        }
        boolean bellman = variant == ProvingKey.HVariant.BELLMAN;
        long[] zInv = bellman ? bellmanZInverse(domain.n) : null;
        // one upload per vector, NTTs and a·b − c on the device, one download (bellman: back to coefficients, /Z)
        BlsGpu.quotient(host, a, b, c, bellman ? Coset.GENERATOR : Coset.ODD, domain.family, zInv);
        return a;
    }

    /** 1/Z on the bellman coset, 1/(g^n − 1) with g the generator shift (Montgomery); see {@link QuotientPolynomial}. */
    static long[] bellmanZInverse(int n) {
        long[] zInv = new long[4];
        F.pow(zInv, 0, FrDomain.generatorShift(), 0, BigInteger.valueOf(n));
        F.sub(zInv, 0, zInv, 0, F.fromLong(1), 0);
        F.inverse(zInv, 0, zInv, 0);
        return zInv;
    }

    /** d = 1 (G1) or 2 (G2). */
    private long[] msm(int d, long[] points, int po, long[] scalars, int so, int count) {
        int longs = d == 1 ? Points.G1 : Points.G2;
        long[] sc = slice(scalars, so, count * 4);
        if (po == 0 && points.length == count * longs) {
            ResidentBases rb = resident.computeIfAbsent(points,
                    p -> d == 1 ? BlsGpu.residentG1(residentHost, p) : BlsGpu.residentG2(residentHost, p));
            return BlsGpu.msm(rb, sc);
        }
        long[] pts = slice(points, po, count * longs);
        return d == 1 ? BlsGpu.msmG1(host, pts, sc) : BlsGpu.msmG2(host, pts, sc);
    }

    /**
     * Frees the resident bases uploaded from these key arrays, if any (a key no longer used, e.g. evicted by
     * {@code jzk serve}'s parameter manager; the caller guarantees no MSM over them is running). A later MSM over
     * the same array uploads it again.
     */
    public void release(long[]... keyArrays) {
        for (long[] a : keyArrays) {
            ResidentBases rb = resident.remove(a);
            if (rb != null) {
                rb.close();
            }
        }
    }

    /** Whether the bases of {@code keyArray} (a whole key section) are resident on this backend's device. */
    public boolean holds(long[] keyArray) {
        return keyArray != null && resident.containsKey(keyArray);
    }

    /**
     * Device memory the resident bases take now (without their MSM scratch), plus the NTT plans the owner and its
     * stream views keep ({@code jzk.ntt.keepPlans}; 0 without).
     */
    public long residentBytes() {
        long planBytes = nttPlanBytes();
        synchronized (resident) {
            return planBytes + resident.values().stream().mapToLong(ResidentBases::deviceBytes).sum();
        }
    }

    /** Device memory of the NTT plans the owner and its stream views keep now (part of {@link #residentBytes}). */
    long nttPlanBytes() {
        return allPlans.stream().mapToLong(NttPlans::deviceBytes).sum();
    }

    /**
     * Frees the NTT plans the owner and its stream views keep and no stage holds now ({@code jzk.ntt.keepPlans}; the
     * next stage builds its plan again): for a long-lived session giving device memory back, e.g. when a parameter
     * set is evicted.
     */
    public void releaseNttPlans() {
        allPlans.forEach(NttPlans::releaseIdle);
    }

    /** Frees {@code cs}'s matrices on the device, if uploaded (no evaluation over them may be running). */
    public void release(R1cs cs) {
        DeviceR1cs m = matrices.remove(cs);
        if (m != null) {
            m.close();
        }
    }

    /**
     * Frees this backend's kept NTT plans and, for the owner, every resident base set and R1CS (the host itself
     * belongs to the caller); a stream view frees only its plans.
     */
    @Override
    public void close() {
        plans.close();
        if (!ownsResident) {
            allPlans.remove(plans);
            return;
        }
        synchronized (resident) {
            resident.values().forEach(ResidentBases::close);
            resident.clear();
        }
        synchronized (matrices) {
            matrices.values().forEach(DeviceR1cs::close);
            matrices.clear();
        }
    }

    private static long[] jacobian(Curve curve, long[] affine) {
        long[] j = new long[curve.jacobianLongs()];
        if (affine == null) {
            curve.setInfinity(j, 0);
        } else {
            curve.fromAffine(j, 0, affine, 0);
        }
        return j;
    }

    private static long[] slice(long[] a, int off, int len) {
        return off == 0 && a.length == len ? a : Arrays.copyOfRange(a, off, off + len);
    }
}
