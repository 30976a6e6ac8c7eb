package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jzk.tornado.api.DataTransferMode;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.ExecutionPlan;
import jzk.tornado.api.Grid;
import jzk.tornado.api.ImmutableTaskGraph;
import jzk.tornado.api.KernelContext;
import jzk.tornado.api.TaskGraph;

/** The TornadoVM-style layer: method-reference tasks, transfer modes, resident buffers across executions. */
class TaskGraphTest {
    static List<Device> devices() {
        return TestDevices.all();
    }

    /** Reference result of mulAddHi followed by groupSum, computed on the host. */
    private static long[] expectedSums(long[] a, long[] b, int local) {
        long[] sums = new long[a.length / local];
        for (int i = 0; i < a.length; i++) {
            sums[i / local] += a[i] * b[i] + Math.unsignedMultiplyHigh(a[i], b[i]);
        }
        return sums;
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void twoKernelPipelineKeepsFirstExecutionDataResident(Device d) {
        int local = 256;
        int n = 4 * local;
        long[] a = TestDevices.randomLongs(n, 21);
        long[] b = TestDevices.randomLongs(n, 22);
        long[] r = new long[n];
        long[] sums = new long[n / local];
        long[] expected = expectedSums(a, b, local);
        ImmutableTaskGraph g = new TaskGraph("pipeline")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, a, b)
                .task("mul", Grid.of(n, 64), SelfTestKernels::mulAddHi, TaskGraph.CONTEXT, a, b, r)
                .task("sum", Grid.of(n, local), SelfTestKernels::groupSum, TaskGraph.CONTEXT, r, sums)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, sums)
                .transferToHost(DataTransferMode.UNDER_DEMAND, r)
                .snapshot();
        try (ExecutionPlan plan = new ExecutionPlan(d, g)) {
            ExecutionPlan.Result first = plan.execute();
            assertArrayEquals(expected, sums);
            assertEquals(0, first.executionIndex());
            assertTrue(first.elapsedNanos() >= 0);
            a[0] ^= 1;                        // host change: not copied again (FIRST_EXECUTION)
            java.util.Arrays.fill(sums, 0);
            plan.execute();
            assertArrayEquals(expected, sums, "the device kept the first copy of a");
            assertArrayEquals(new long[n], r, "UNDER_DEMAND: not copied back by execute()");
            plan.transferToHost(r);
            assertEquals(a[5] * b[5] + Math.unsignedMultiplyHigh(a[5], b[5]), r[5]);
            assertEquals(2, plan.executions());
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void everyExecutionSeesHostChanges(Device d) {
        int n = 128;
        int[] in = new int[n];
        int[] out = new int[n];
        ImmutableTaskGraph g = new TaskGraph("add")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, in)
                .task("add", Grid.of(n, 32), TestKernels::addConstant, null, in, out, 7)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out)
                .snapshot();
        try (ExecutionPlan plan = new ExecutionPlan(d, g)) {
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < n; i++) {
                    in[i] = round * 1000 + i;
                }
                plan.execute();
                for (int i = 0; i < n; i++) {
                    assertEquals(round * 1000 + i + 7, out[i]);
                }
            }
        }
    }

    @Test
    void undeclaredArraysAndLambdasAreRejected() {
        long[] a = new long[64];
        long[] b = new long[64];
        long[] r = new long[64];
        TaskGraph g = new TaskGraph("bad")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, a)
                .task("mul", Grid.of(64, 64), SelfTestKernels::mulAddHi, TaskGraph.CONTEXT, a, b, r)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, r);
        IllegalStateException e = assertThrows(IllegalStateException.class, g::snapshot);
        assertTrue(e.getMessage().contains("task mul: array argument 2"), e.getMessage());

        DeviceException lambda = assertThrows(DeviceException.class, () -> new TaskGraph("l").task("x",
                Grid.of(64, 64), (KernelContext c, long[] x) -> x[0] = 1, TaskGraph.CONTEXT, a));
        assertTrue(lambda.getMessage().contains("not a lambda expression"), lambda.getMessage());

        StringBuilder sb = new StringBuilder();
        DeviceException instance = assertThrows(DeviceException.class, () -> new TaskGraph("i").task("x",
                Grid.of(64, 64), sb::append, a));
        assertTrue(instance.getMessage().contains("static kernel method"), instance.getMessage());
    }
}
