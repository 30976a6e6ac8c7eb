package jzk.tornado.api;

import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import jzk.tornado.runtime.TaskMethods;

/**
 * A TornadoVM-style description of device work: arrays to copy in, kernel tasks (method reference, arguments,
 * grid) run in order, arrays to copy out. Mutable while being built; {@link #snapshot()} freezes it into an
 * {@link ImmutableTaskGraph} that an {@link ExecutionPlan} runs.
 *
 * <p>Arrays ({@code long[]}, {@code int[]}, {@link OffHeapLongArray}, {@link OffHeapIntArray}) are identified by
 * identity: each distinct array gets one device buffer for the life of the plan, shared by every task that uses
 * it. Every array a task uses must be declared with {@link #transferToDevice} or {@link #transferToHost}
 * (an output-only array only in the latter), so that no input is silently left unset on the device. Scalar
 * arguments ({@code int}, {@code long}) are captured when the task is added. The {@link KernelContext} argument
 * position takes {@link #CONTEXT} (or {@code null}); the device supplies the real one.
 */
public final class TaskGraph {
    /** Placeholder for a kernel's {@link KernelContext} parameter. */
    public static final KernelContext CONTEXT = new KernelContext(0, 0, 0, 1, 1, null);

    private final String name;
    private final List<ImmutableTaskGraph.Task> tasks = new ArrayList<>();
    private final Map<Object, DataTransferMode> toDevice = new IdentityHashMap<>();
    private final Map<Object, DataTransferMode> toHost = new IdentityHashMap<>();
    private final List<Object> arrays = new ArrayList<>();

    public TaskGraph(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Copies these arrays to the device on the first or on every execution. */
    public TaskGraph transferToDevice(DataTransferMode mode, Object... data) {
        if (mode == DataTransferMode.UNDER_DEMAND) {
            throw new IllegalArgumentException("graph " + name + ": UNDER_DEMAND applies to transferToHost only");
        }
        for (Object a : data) {
            checkArray(a, "transferToDevice");
            toDevice.put(a, mode);
            remember(a);
        }
        return this;
    }

    /** Copies these arrays back to the host after the first or every execution, or only on request. */
    public TaskGraph transferToHost(DataTransferMode mode, Object... data) {
        for (Object a : data) {
            checkArray(a, "transferToHost");
            toHost.put(a, mode);
            remember(a);
        }
        return this;
    }

    private void remember(Object a) {
        if (arrays.stream().noneMatch(x -> x == a)) {
            arrays.add(a);
        }
    }

    private void checkArray(Object a, String what) {
        if (!(a instanceof long[] || a instanceof int[] || a instanceof OffHeapLongArray
                || a instanceof OffHeapIntArray)) {
            throw new IllegalArgumentException("graph " + name + ": " + what + " takes long[], int[], "
                    + "OffHeapLongArray or OffHeapIntArray, got " + (a == null ? "null" : a.getClass().getTypeName()));
        }
    }

    private TaskGraph add(String taskName, Grid grid, Serializable kernel, Object... args) {
        Method m = TaskMethods.resolve(kernel);
        Class<?>[] types = m.getParameterTypes();
        Object[] copy = args.clone();
        for (int i = 0; i < copy.length; i++) {
            if (types[i] == KernelContext.class) {
                copy[i] = null;
            } else if (copy[i] == null) {
                throw new IllegalArgumentException("graph " + name + " task " + taskName + ": argument " + i
                        + " is null");
            }
        }
        if (tasks.stream().anyMatch(t -> t.name().equals(taskName))) {
            throw new IllegalArgumentException("graph " + name + ": duplicate task name " + taskName);
        }
        tasks.add(new ImmutableTaskGraph.Task(taskName, m, grid, copy));
        return this;
    }

    public <A> TaskGraph task(String taskName, Grid grid, Tasks.Task1<A> kernel, A a) {
        return add(taskName, grid, kernel, a);
    }

    public <A, B> TaskGraph task(String taskName, Grid grid, Tasks.Task2<A, B> kernel, A a, B b) {
        return add(taskName, grid, kernel, a, b);
    }

    public <A, B, C> TaskGraph task(String taskName, Grid grid, Tasks.Task3<A, B, C> kernel, A a, B b, C c) {
        return add(taskName, grid, kernel, a, b, c);
    }

    public <A, B, C, D> TaskGraph task(String taskName, Grid grid, Tasks.Task4<A, B, C, D> kernel, A a, B b, C c,
                                       D d) {
        return add(taskName, grid, kernel, a, b, c, d);
    }

    public <A, B, C, D, E> TaskGraph task(String taskName, Grid grid, Tasks.Task5<A, B, C, D, E> kernel, A a, B b,
                                          C c, D d, E e) {
        return add(taskName, grid, kernel, a, b, c, d, e);
    }

    public <A, B, C, D, E, F> TaskGraph task(String taskName, Grid grid, Tasks.Task6<A, B, C, D, E, F> kernel, A a,
                                             B b, C c, D d, E e, F f) {
        return add(taskName, grid, kernel, a, b, c, d, e, f);
    }

    public <A, B, C, D, E, F, G> TaskGraph task(String taskName, Grid grid, Tasks.Task7<A, B, C, D, E, F, G> kernel,
                                                A a, B b, C c, D d, E e, F f, G g) {
        return add(taskName, grid, kernel, a, b, c, d, e, f, g);
    }

    public <A, B, C, D, E, F, G, H> TaskGraph task(String taskName, Grid grid,
                                                   Tasks.Task8<A, B, C, D, E, F, G, H> kernel, A a, B b, C c, D d,
                                                   E e, F f, G g, H h) {
        return add(taskName, grid, kernel, a, b, c, d, e, f, g, h);
    }

    /**
     * Freezes the graph. Throws if a task uses an array that is neither transferred to the device nor to the
     * host, naming the task and argument.
     */
    public ImmutableTaskGraph snapshot() {
        if (tasks.isEmpty()) {
            throw new IllegalStateException("graph " + name + " has no tasks");
        }
        for (ImmutableTaskGraph.Task t : tasks) {
            Object[] args = t.args();
            for (int i = 0; i < args.length; i++) {
                Object a = args[i];
                boolean isArray = a instanceof long[] || a instanceof int[] || a instanceof OffHeapLongArray
                        || a instanceof OffHeapIntArray;
                if (isArray && !toDevice.containsKey(a) && !toHost.containsKey(a)) {
                    throw new IllegalStateException("graph " + name + " task " + t.name() + ": array argument " + i
                            + " (" + t.method().getParameters()[i].getName() + ") is not declared with "
                            + "transferToDevice or transferToHost");
                }
            }
        }
        return new ImmutableTaskGraph(name, List.copyOf(tasks), List.copyOf(arrays),
                Collections.unmodifiableMap(new IdentityHashMap<>(toDevice)),
                Collections.unmodifiableMap(new IdentityHashMap<>(toHost)));
    }
}
