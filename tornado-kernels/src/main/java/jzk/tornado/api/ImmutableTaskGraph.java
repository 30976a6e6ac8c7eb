package jzk.tornado.api;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

/**
 * A frozen {@link TaskGraph}: tasks in execution order, the distinct arrays in first-use order, and the transfer
 * modes per array (identity maps).
 *
 * @param name     graph name
 * @param tasks    kernels in launch order
 * @param arrays   every array of the graph, each once
 * @param toDevice arrays copied host to device, with their mode
 * @param toHost   arrays copied device to host, with their mode
 */
public record ImmutableTaskGraph(String name, List<Task> tasks, List<Object> arrays,
                                 Map<Object, DataTransferMode> toDevice, Map<Object, DataTransferMode> toHost) {

    /**
     * One kernel launch of a graph.
     *
     * @param name   task name (unique in the graph)
     * @param method the static kernel method
     * @param grid   launch shape
     * @param args   one value per Java parameter; {@code null} at the {@link KernelContext} position
     */
    public record Task(String name, Method method, Grid grid, Object[] args) {
    }
}
