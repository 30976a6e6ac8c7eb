package jzk.prover.groth16;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import jzk.arith.Fr;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.bls.Ntt;

/**
 * The NTT plans of one {@link DeviceBackend} (one host: a device's stream / queue): with {@code keep} on
 * ({@code -Djzk.ntt.keepPlans=true}), one plan per (lgN, root family), built at the first GPU stage that needs it,
 * handed to later stages and closed with the backend; with {@code keep} off, a new plan per {@link #acquire},
 * closed when its lease closes (the behaviour before plans were kept).
 *
 * <p>Why kept: a plan computes its twiddle tables on the device at construction (the n/2 tables, or with
 * {@code jzk.ntt.twiddles=stage} the stage-major ones gathered from them: 27 launches at 2^27), which is paid per
 * partition otherwise. One plan per key rather than only the most recent: a batch proves one shape, so there is
 * one key; a process alternating sizes ({@code jzk serve}) would otherwise rebuild at every switch. The price is
 * device memory that stays allocated between stages — the tables (32·n bytes for the n/2 pair, 64·(n − 1) for the
 * stage pair: 8 GiB at 2^27) and the scratch (32·n) — counted in {@link #deviceBytes}, which
 * {@link DeviceBackend#residentBytes} includes: the session's residency check for a key to upload and the batch
 * report's resident bytes see it. The batch's printed admission line ({@code AdmissionPlan}: "per device … (key +
 * a/b/c of its GPU stages)") does not: it is an estimate made before any plan exists, and it never counted the
 * per-stage plan either (the same tables and scratch, transient); with kept plans add, per GPU worker with a stream
 * of its own, one plan: 64·n bytes with the n/2 tables (2^27: 8 GiB), 96·n with the stage tables (12 GiB).
 *
 * <p>Invariants: a plan runs one transform at a time (see {@link Ntt}), so a kept plan is handed to one lease at a
 * time: {@link #acquire} holds the key's lock until the lease closes (two GPU workers share one backend when
 * {@code jzk.gpu.workerStreams=false}; they share one stream then, so the wait costs little). A failed stage leaves
 * the plan valid (its tables are only read; the scratch is rewritten by every transform) and it stays kept: after
 * a device error the pipeline takes the device out of rotation, and the plan is freed with the backend like the
 * resident bases. A failed construction keeps nothing ({@link Ntt}'s constructor frees what it allocated); the
 * next stage tries again. {@link #close} must not run while a lease is open (the backend's callers guarantee no
 * stage runs at close, as for the resident bases).
 */
final class NttPlans implements AutoCloseable {
    private record Key(int lgN, Fr.RootFamily family) {
    }

    /** A kept plan and the lock that hands it to one stage at a time; {@code plan} guarded by {@code lock}. */
    private static final class Slot {
        final ReentrantLock lock = new ReentrantLock();
        Ntt plan;
        /** The plan's device bytes as of its construction or its last lease's end (read without the lock). */
        volatile long bytes;
    }

    /** A plan lent to one stage: {@link #close} gives a kept plan back, or closes a plan built for this lease. */
    static final class Lease implements AutoCloseable {
        private final Ntt plan;
        private final Slot slot;

        private Lease(Ntt plan, Slot slot) {
            this.plan = plan;
            this.slot = slot;
        }

        Ntt plan() {
            return plan;
        }

        @Override
        public void close() {
            if (slot == null) {
                plan.close();
            } else {
                slot.bytes = plan.deviceBytes(); // the first transform allocated the scratch
                slot.lock.unlock();
            }
        }
    }

    private final KernelHost host;
    private final boolean keep;
    /** Guarded by itself. */
    private final Map<Key, Slot> slots = new HashMap<>();
    /** Plans constructed by this object so far (kept or not): tests check a kept plan is built once. */
    private int built;

    NttPlans(KernelHost host, boolean keep) {
        this.host = host;
        this.keep = keep;
    }

    /** Whether plans are kept between leases. */
    boolean keeps() {
        return keep;
    }

    /**
     * A plan of 2^lgN for {@code family} on this host, for one stage: the kept one (built on first use; waits while
     * another stage holds it), or a new one when plans are not kept.
     */
    Lease acquire(int lgN, Fr.RootFamily family) {
        if (!keep) {
            Ntt plan = new Ntt(host, lgN, family);
            synchronized (slots) {
                built++;
            }
            return new Lease(plan, null);
        }
        Slot slot;
        synchronized (slots) {
            slot = slots.computeIfAbsent(new Key(lgN, family), k -> new Slot());
        }
        slot.lock.lock();
        try {
            if (slot.plan == null) {
                slot.plan = new Ntt(host, lgN, family);
                slot.bytes = slot.plan.deviceBytes();
                synchronized (slots) {
                    built++;
                }
            }
            return new Lease(slot.plan, slot);
        } catch (RuntimeException | Error e) {
            slot.lock.unlock();
            throw e;
        }
    }

    /** Plans constructed so far (with {@code keep}: once per key until {@link #close}). */
    int built() {
        synchronized (slots) {
            return built;
        }
    }

    /**
     * Device memory the kept plans hold now (tables and scratch; 0 when plans are not kept: a lease's own plan is
     * a stage's transient memory, like its a/b/c). A plan lent out counts as it was when built or last given
     * back (its scratch is allocated by its first transform).
     */
    long deviceBytes() {
        synchronized (slots) {
            return slots.values().stream().mapToLong(s -> s.bytes).sum();
        }
    }

    /**
     * Frees the kept plans no stage holds now (a plan lent out stays, and so does its key); the next stage of a freed
     * key builds its plan again. For a long-lived process that frees device memory ({@code jzk serve} evicting a
     * parameter set): the plans are derived data, cheap to rebuild next to the key upload that follows.
     */
    void releaseIdle() {
        synchronized (slots) {
            for (Slot s : slots.values()) {
                // not tryLock alone: the lock is reentrant, and a thread holding a lease must not free its plan
                if (s.plan != null && !s.lock.isHeldByCurrentThread() && s.lock.tryLock()) {
                    try {
                        s.plan.close();
                        s.plan = null;
                        s.bytes = 0;
                    } finally {
                        s.lock.unlock();
                    }
                }
            }
        }
    }

    /** Frees every kept plan (no lease may be open). */
    @Override
    public void close() {
        synchronized (slots) {
            for (Slot s : slots.values()) {
                if (s.plan != null) {
                    s.plan.close();
                    s.plan = null;
                    s.bytes = 0;
                }
            }
            slots.clear();
        }
    }
}
