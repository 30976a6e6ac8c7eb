package jzk.tornado.conformance;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

import jzk.tornado.api.KernelContext;

/**
 * A tiny JVM executor for kernels, for tests only (the real jvm device belongs to the runtime): every work-item
 * of a group runs on its own virtual thread, groups one after another; barriers and local arrays are real.
 *
 * <p>Invariant: the k-th {@code allocate*LocalArray} call of every work-item of a group returns the same array.
 */
public final class JvmKernelRunner {
    private JvmKernelRunner() {
    }

    private static final class Group {
        final CyclicBarrier barrier;
        final List<Object> locals = new ArrayList<>();

        Group(int size) {
            barrier = new CyclicBarrier(size);
        }

        synchronized Object local(int k, boolean longs, int size) {
            while (locals.size() <= k) {
                locals.add(longs ? new long[size] : new int[size]);
            }
            return locals.get(k);
        }
    }

    private static KernelContext.WorkGroup view(Group g) {
        return new KernelContext.WorkGroup() {
            private int allocations;

            @Override
            public void barrier() {
                try {
                    g.barrier.await();
                } catch (InterruptedException | BrokenBarrierException e) {
                    throw new IllegalStateException("barrier broken", e);
                }
            }

            @Override
            public long[] localLongs(int size) {
                return (long[]) g.local(allocations++, true, size);
            }

            @Override
            public int[] localInts(int size) {
                return (int[]) g.local(allocations++, false, size);
            }
        };
    }

    /** Runs {@code kernel} over {@code globalSize} work-items in groups of {@code localSize}. */
    public static void run(Method kernel, int globalSize, int localSize, Object[] args) throws Exception {
        if (globalSize % localSize != 0) {
            throw new IllegalArgumentException("global size " + globalSize + " not a multiple of " + localSize);
        }
        int ctxIndex = -1;
        for (int i = 0; i < args.length; i++) {
            if (kernel.getParameterTypes()[i] == KernelContext.class) {
                ctxIndex = i;
            }
        }
        for (int group = 0; group < globalSize / localSize; group++) {
            Group g = new Group(localSize);
            List<Thread> threads = new ArrayList<>();
            Throwable[] failure = new Throwable[1];
            for (int lid = 0; lid < localSize; lid++) {
                Object[] a = args.clone();
                if (ctxIndex >= 0) {
                    a[ctxIndex] = new KernelContext(group * localSize + lid, lid, group, localSize, globalSize,
                            view(g));
                }
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        kernel.invoke(null, a);
                    } catch (InvocationTargetException e) {
                        synchronized (failure) {
                            failure[0] = e.getCause();
                        }
                        g.barrier.reset();
                    } catch (IllegalAccessException e) {
                        synchronized (failure) {
                            failure[0] = e;
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure[0] != null) {
                throw new IllegalStateException("kernel " + kernel.getName() + " failed in group " + group,
                        failure[0]);
            }
        }
    }
}
