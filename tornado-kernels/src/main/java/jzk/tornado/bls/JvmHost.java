package jzk.tornado.bls;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import jzk.tornado.api.KernelContext;

/**
 * A {@link KernelHost} that runs kernels as plain Java on the calling thread: the reference twin of a GPU run.
 * Kernels annotated {@link UsesBarrier} run each work-group's work-items on their own virtual threads with a
 * real {@link CyclicBarrier} and shared local arrays, so {@code localBarrier()} means what it means on a GPU;
 * other kernels run their work-items one after another (faster, same result for barrier-free kernels).
 *
 * <p>Buffers are heap {@code int[]} (so at most 2^31 − 1 ints each). Not thread-safe.
 */
public final class JvmHost implements KernelHost {

    static final class HeapBuffer implements Buffer {
        final int[] data;

        HeapBuffer(long ints) {
            if (ints > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("jvm buffer of " + ints + " ints exceeds a Java array");
            }
            this.data = new int[(int) ints];
        }

        @Override
        public long ints() {
            return data.length;
        }

        @Override
        public void close() {
        }
    }

    @Override
    public String name() {
        return "jvm (JvmHost)";
    }

    @Override
    public String toString() {
        return "JvmHost";
    }

    @Override
    public Buffer allocate(long ints) {
        return new HeapBuffer(ints);
    }

    @Override
    public void write(Buffer dst, long dstOffset, int[] src, int len) {
        System.arraycopy(src, 0, ((HeapBuffer) dst).data, (int) dstOffset, len);
    }

    @Override
    public void write(Buffer dst, long dstOffset, long[] src, int srcIndex, int longs) {
        Layout.split(src, srcIndex, ((HeapBuffer) dst).data, Math.toIntExact(dstOffset), longs);
    }

    @Override
    public void read(Buffer src, long srcOffset, int[] dst, int len) {
        System.arraycopy(((HeapBuffer) src).data, (int) srcOffset, dst, 0, len);
    }

    @Override
    public void read(Buffer src, long srcOffset, long[] dst, int dstIndex, int longs) {
        Layout.join(((HeapBuffer) src).data, Math.toIntExact(srcOffset), dst, dstIndex, longs);
    }

    /** The heap array behind a buffer of this host (for tests). */
    public static int[] array(Buffer b) {
        return ((HeapBuffer) b).data;
    }

    @Override
    public void launch(Method kernel, int globalSize, int localSize, Object... args) {
        if (localSize <= 0 || globalSize % localSize != 0) {
            throw new IllegalArgumentException(kernel.getName() + ": global size " + globalSize
                    + " is not a positive multiple of local size " + localSize);
        }
        Object[] call = new Object[args.length + 1];
        for (int i = 0; i < args.length; i++) {
            call[i + 1] = args[i] instanceof HeapBuffer h ? h.data : args[i];
        }
        boolean barriers = kernel.isAnnotationPresent(UsesBarrier.class);
        int groups = globalSize / localSize;
        for (int g = 0; g < groups; g++) {
            if (barriers) {
                runGroupThreaded(kernel, call, g, localSize, globalSize);
            } else {
                Group group = new Group(null);
                for (int l = 0; l < localSize; l++) {
                    group.cursor.get()[0] = 0;
                    Object[] c = call.clone();
                    c[0] = new KernelContext(g * localSize + l, l, g, localSize, globalSize, group);
                    invoke(kernel, c);
                }
            }
        }
    }

    private static void runGroupThreaded(Method kernel, Object[] call, int g, int localSize, int globalSize) {
        Group group = new Group(new CyclicBarrier(localSize));
        List<Thread> threads = new ArrayList<>(localSize);
        Throwable[] failure = new Throwable[1];
        for (int l = 0; l < localSize; l++) {
            Object[] c = call.clone();
            c[0] = new KernelContext(g * localSize + l, l, g, localSize, globalSize, group);
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    invoke(kernel, c);
                } catch (Throwable t) {
                    synchronized (failure) {
                        failure[0] = t;
                    }
                    group.barrier.reset();
                }
            }));
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while running " + kernel.getName(), e);
            }
        }
        if (failure[0] != null) {
            throw new IllegalStateException("kernel " + kernel.getName() + " failed in group " + g, failure[0]);
        }
    }

    private static void invoke(Method kernel, Object[] c) {
        try {
            kernel.invoke(null, c);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("kernel " + kernel.getName() + " failed", cause);
        }
    }

    /** One work-group: its barrier and local arrays, handed out in allocation order. */
    private static final class Group implements KernelContext.WorkGroup {
        final CyclicBarrier barrier;
        private final List<Object> locals = new ArrayList<>();
        private final ThreadLocal<int[]> cursor = ThreadLocal.withInitial(() -> new int[1]);

        Group(CyclicBarrier barrier) {
            this.barrier = barrier;
        }

        @Override
        public void barrier() {
            if (barrier == null) {
                throw new IllegalStateException("localBarrier() in a kernel not annotated @UsesBarrier");
            }
            try {
                barrier.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (BrokenBarrierException e) {
                throw new IllegalStateException("barrier broken: another work-item failed", e);
            }
        }

        private synchronized Object local(Object fresh, int index) {
            if (index < locals.size()) {
                return locals.get(index);
            }
            locals.add(fresh);
            return fresh;
        }

        @Override
        public long[] localLongs(int size) {
            int[] c = cursor.get();
            return (long[]) local(new long[size], c[0]++);
        }

        @Override
        public int[] localInts(int size) {
            int[] c = cursor.get();
            return (int[]) local(new int[size], c[0]++);
        }
    }

    @Override
    public void finish() {
    }

    @Override
    public void close() {
    }
}
