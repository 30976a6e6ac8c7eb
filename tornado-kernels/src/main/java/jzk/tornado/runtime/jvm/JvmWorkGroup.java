package jzk.tornado.runtime.jvm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicInteger;

import jzk.tornado.api.KernelContext;
import jzk.tornado.config.RuntimeConfig;

/**
 * One work-group on the jvm device: its local arrays and, when the kernel uses barriers, the barrier its
 * work-items meet at.
 *
 * <p>Local arrays are handed out in allocation order: the k-th {@code allocate*LocalArray} call of every work-item
 * returns the group's k-th array (created by whichever item asks first), so all items share it as on a GPU. A
 * work-item that asks for a different type or size at position k is a kernel error.
 *
 * <p>Local memory is not zeroed on a GPU, so a kernel must write before it reads. To make a read of unwritten
 * local memory visible (as a mismatch against the GPU) rather than silently zero, new local arrays are filled with
 * {@link #POISON_LONG} / {@link #POISON_INT}; {@code -Djzk.jvm.zeroLocals=true} gives Java's zeros instead.
 *
 * <p>Barrier: a {@link Phaser} with one party per work-item. A work-item that returns deregisters; if another
 * work-item then waits at a barrier of the same or a later phase, the barrier is divergent (undefined on a GPU)
 * and the waiting item fails with a message saying so.
 */
final class JvmWorkGroup {
    /** Fill of fresh local {@code long} arrays: an unlikely value, so unwritten reads stand out. */
    static final long POISON_LONG = 0x5A5A_5A5A_5A5A_5A5AL;
    /** Fill of fresh local {@code int} arrays. */
    static final int POISON_INT = 0x5A5A_5A5A;
    private static final boolean ZERO_LOCALS = RuntimeConfig.get().jvmZeroLocals();

    private final List<Object> locals = new ArrayList<>();
    private final Phaser phaser;
    private final AtomicInteger earliestExitPhase = new AtomicInteger(Integer.MAX_VALUE);

    JvmWorkGroup(int localSize, boolean withBarrier) {
        this.phaser = withBarrier ? new Phaser(localSize) : null;
    }

    /** A work-item's view: counts its own allocations. */
    KernelContext.WorkGroup itemView() {
        return new KernelContext.WorkGroup() {
            private int allocations;

            @Override
            public void barrier() {
                JvmWorkGroup.this.barrier();
            }

            @Override
            public long[] localLongs(int size) {
                return (long[]) local(allocations++, size, true);
            }

            @Override
            public int[] localInts(int size) {
                return (int[]) local(allocations++, size, false);
            }
        };
    }

    private synchronized Object local(int index, int size, boolean isLong) {
        if (size < 0) {
            throw new IllegalArgumentException("local array size " + size + " is negative");
        }
        if (index < locals.size()) {
            Object a = locals.get(index);
            int have = a instanceof long[] l ? l.length : ((int[]) a).length;
            if ((a instanceof long[]) != isLong || have != size) {
                throw new IllegalStateException("local array #" + index + " requested as " + (isLong ? "long" : "int")
                        + "[" + size + "] but another work-item of the group allocated "
                        + (a instanceof long[] ? "long" : "int") + "[" + have + "]");
            }
            return a;
        }
        if (index != locals.size()) {
            throw new IllegalStateException("local array allocations out of order");
        }
        Object a;
        if (isLong) {
            long[] l = new long[size];
            if (!ZERO_LOCALS) {
                java.util.Arrays.fill(l, POISON_LONG);
            }
            a = l;
        } else {
            int[] i = new int[size];
            if (!ZERO_LOCALS) {
                java.util.Arrays.fill(i, POISON_INT);
            }
            a = i;
        }
        locals.add(a);
        return a;
    }

    private void barrier() {
        if (phaser == null) {
            throw new IllegalStateException("localBarrier() reached in a kernel run without barriers "
                    + "(the bytecode scan found no barrier call)");
        }
        int phase = phaser.getPhase();
        phaser.arriveAndAwaitAdvance();
        if (earliestExitPhase.get() <= phase) {
            throw new IllegalStateException("divergent barrier: another work-item of the group returned before "
                    + "reaching barrier #" + (phase + 1));
        }
    }

    /** Called by a work-item's thread when it returns or throws. */
    void exit() {
        if (phaser != null) {
            earliestExitPhase.accumulateAndGet(phaser.getPhase(), Math::min);
            phaser.arriveAndDeregister();
        }
    }
}
