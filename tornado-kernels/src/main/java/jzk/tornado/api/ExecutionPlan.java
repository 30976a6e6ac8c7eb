package jzk.tornado.api;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs an {@link ImmutableTaskGraph} on one device, keeping compiled kernels and one device buffer per array
 * across {@link #execute()} calls, so that data declared {@link DataTransferMode#FIRST_EXECUTION} stays resident.
 * Closing the plan frees its buffers (not the device). {@code execute} is synchronized: one execution at a time.
 */
public final class ExecutionPlan implements AutoCloseable {
    private final Device device;
    private final ImmutableTaskGraph graph;
    private final Map<Object, DeviceBuffer> buffers = new IdentityHashMap<>();
    private final List<DeviceKernel> kernels = new ArrayList<>();
    private long executions;
    private boolean closed;

    public ExecutionPlan(Device device, ImmutableTaskGraph graph) {
        this.device = device;
        this.graph = graph;
    }

    /** The result of one execution. */
    public record Result(long executionIndex, long elapsedNanos) {
    }

    public Device device() {
        return device;
    }

    /** Copies in, launches every task in order, copies out, and waits; returns the device-measured time. */
    public synchronized Result execute() {
        if (closed) {
            throw new DeviceException("execution plan of graph " + graph.name() + " is closed");
        }
        boolean first = executions == 0;
        if (first) {
            prepare();
        }
        Device.Span span = device.startSpan();
        for (Object a : graph.arrays()) {
            DataTransferMode m = graph.toDevice().get(a);
            if (m == DataTransferMode.EVERY_EXECUTION || (first && m == DataTransferMode.FIRST_EXECUTION)) {
                copyIn(a);
            }
        }
        for (int t = 0; t < kernels.size(); t++) {
            ImmutableTaskGraph.Task task = graph.tasks().get(t);
            List<Object> args = new ArrayList<>();
            for (Object a : task.args()) {
                if (a != null) {
                    DeviceBuffer b = buffers.get(a);
                    args.add(b != null ? b : a);
                }
            }
            try {
                device.launch(kernels.get(t), task.grid().globalSize(), task.grid().localSize(), args.toArray());
            } catch (DeviceException e) {
                throw new DeviceException("graph " + graph.name() + " task " + task.name() + ": " + e.getMessage(), e);
            }
        }
        for (Object a : graph.arrays()) {
            DataTransferMode m = graph.toHost().get(a);
            if (m == DataTransferMode.EVERY_EXECUTION || (first && m == DataTransferMode.FIRST_EXECUTION)) {
                copyOut(a);
            }
        }
        long nanos = span.stopNanos();
        return new Result(executions++, nanos);
    }

    /** Copies these arrays (declared in the graph) back from the device now, e.g. those marked UNDER_DEMAND. */
    public synchronized void transferToHost(Object... data) {
        for (Object a : data) {
            if (!buffers.containsKey(a)) {
                throw new DeviceException("graph " + graph.name() + ": array is not part of the graph or the plan "
                        + "has not executed yet");
            }
            copyOut(a);
        }
        device.synchronize();
    }

    private void prepare() {
        for (ImmutableTaskGraph.Task t : graph.tasks()) {
            kernels.add(device.kernel(t.method()));
        }
        for (Object a : graph.arrays()) {
            buffers.put(a, device.allocate(byteSize(a)));
        }
    }

    private static long byteSize(Object a) {
        return switch (a) {
            case long[] x -> 8L * x.length;
            case int[] x -> 4L * x.length;
            case OffHeapLongArray x -> x.segment().byteSize();
            case OffHeapIntArray x -> x.segment().byteSize();
            default -> throw new IllegalStateException("not an array: " + a);
        };
    }

    private void copyIn(Object a) {
        DeviceBuffer b = buffers.get(a);
        switch (a) {
            case long[] x -> device.copyToDevice(x, 0, b, 0, x.length);
            case int[] x -> device.copyToDevice(x, 0, b, 0, x.length);
            case OffHeapLongArray x -> device.copyToDevice(x.segment(), b, 0);
            case OffHeapIntArray x -> device.copyToDevice(x.segment(), b, 0);
            default -> throw new IllegalStateException("not an array: " + a);
        }
    }

    private void copyOut(Object a) {
        DeviceBuffer b = buffers.get(a);
        switch (a) {
            case long[] x -> device.copyToHost(b, 0, x, 0, x.length);
            case int[] x -> device.copyToHost(b, 0, x, 0, x.length);
            case OffHeapLongArray x -> device.copyToHost(b, 0, x.segment());
            case OffHeapIntArray x -> device.copyToHost(b, 0, x.segment());
            default -> throw new IllegalStateException("not an array: " + a);
        }
    }

    /** Number of completed executions. */
    public synchronized long executions() {
        return executions;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            buffers.values().forEach(DeviceBuffer::close);
            buffers.clear();
        }
    }
}
