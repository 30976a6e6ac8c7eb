package jzk.tornado.runtime.jvm;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import jzk.tornado.api.DeviceException;
import jzk.tornado.api.KernelContext;

/**
 * Executes a launch on the jvm device. Work-groups are taken in order by {@code parallelism} worker threads.
 * Inside a group:
 * <ul>
 *   <li>kernels without barriers: the work-items run one after another on the worker, sharing the group's local
 *       arrays (a kernel without barriers cannot observe another item's local writes in a defined way, so any
 *       order is a valid GPU schedule);</li>
 *   <li>kernels with barriers: every work-item runs on its own virtual thread and they meet at a real barrier
 *       ({@link JvmWorkGroup}).</li>
 * </ul>
 * The first failing work-item stops the launch: later groups are not started, and its exception is reported with
 * its global, local and group index.
 */
final class GroupRunner implements AutoCloseable {
    private final int parallelism;
    private final ExecutorService workers;

    GroupRunner(int parallelism) {
        this.parallelism = Math.max(1, parallelism);
        this.workers = Executors.newFixedThreadPool(this.parallelism, r -> {
            Thread t = new Thread(r, "jzk-jvm-device");
            t.setDaemon(true);
            return t;
        });
    }

    void run(JvmKernel kernel, int globalSize, int localSize, Object[] values) {
        int groups = globalSize / localSize;
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Failure> failure = new AtomicReference<>();
        int tasks = Math.min(parallelism, groups);
        List<Future<?>> futures = new ArrayList<>(tasks);
        for (int t = 0; t < tasks; t++) {
            futures.add(workers.submit(() -> {
                for (int g = next.getAndIncrement(); g < groups && failure.get() == null; g = next.getAndIncrement()) {
                    if (kernel.usesBarrier()) {
                        runWithBarrier(kernel, g, localSize, globalSize, values, failure);
                    } else {
                        runSequential(kernel, g, localSize, globalSize, values, failure);
                    }
                }
            }));
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeviceException("jvm device: interrupted while running " + kernel.qualifiedName(), e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new DeviceException("jvm device: worker failed running " + kernel.qualifiedName(), e.getCause());
            }
        }
        Failure f = failure.get();
        if (f != null) {
            throw new DeviceException("kernel " + kernel.qualifiedName() + " failed on the jvm device at work-item "
                    + "globalIdx=" + f.globalIdx + " (group " + f.groupIdx + ", localIdx " + f.localIdx + "): "
                    + f.cause, f.cause);
        }
    }

    private record Failure(int globalIdx, int groupIdx, int localIdx, Throwable cause) {
    }

    private static void runSequential(JvmKernel kernel, int group, int localSize, int globalSize, Object[] values,
                                      AtomicReference<Failure> failure) {
        JvmWorkGroup wg = new JvmWorkGroup(localSize, false);
        for (int l = 0; l < localSize && failure.get() == null; l++) {
            invoke(kernel, wg, group, l, localSize, globalSize, values, failure);
        }
    }

    private static void runWithBarrier(JvmKernel kernel, int group, int localSize, int globalSize, Object[] values,
                                       AtomicReference<Failure> failure) {
        JvmWorkGroup wg = new JvmWorkGroup(localSize, true);
        Thread[] threads = new Thread[localSize];
        for (int l = 0; l < localSize; l++) {
            int local = l;
            threads[l] = Thread.ofVirtual().name("jzk-wi-" + (group * localSize + l)).start(() -> {
                try {
                    invoke(kernel, wg, group, local, localSize, globalSize, values, failure);
                } finally {
                    wg.exit();
                }
            });
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeviceException("jvm device: interrupted while running " + kernel.qualifiedName(), e);
            }
        }
    }

    private static void invoke(JvmKernel kernel, JvmWorkGroup wg, int group, int local, int localSize,
                               int globalSize, Object[] values, AtomicReference<Failure> failure) {
        int global = group * localSize + local;
        Object[] args = values.clone();
        if (kernel.takesContext()) {
            args[0] = new KernelContext(global, local, group, localSize, globalSize, wg.itemView());
        }
        MethodHandle mh = kernel.handle();
        try {
            mh.invoke(args);
        } catch (Throwable e) {
            Failure f = new Failure(global, group, local, e);
            // a divergent-barrier report is a symptom; keep the first real cause if one arrives
            if (!failure.compareAndSet(null, f) && !isDivergence(e)) {
                failure.updateAndGet(old -> isDivergence(old.cause) ? f : old);
            }
        }
    }

    private static boolean isDivergence(Throwable e) {
        return e instanceof IllegalStateException && String.valueOf(e.getMessage()).startsWith("divergent barrier");
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
