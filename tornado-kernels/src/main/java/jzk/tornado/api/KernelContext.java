package jzk.tornado.api;

/**
 * A kernel's view of where it runs, in TornadoVM's model (1-D grids).
 *
 * <p>A kernel is a {@code public static void} method whose first parameter may be a {@code KernelContext}. The
 * JIT never passes this object to the device: it lowers each field read and method call to the target's
 * built-in (PTX special registers {@code %tid.x}, {@code %ctaid.x}, {@code %ntid.x}, {@code bar.sync 0},
 * {@code .shared} arrays; OpenCL {@code get_global_id(0)}, {@code get_local_id(0)}, {@code get_group_id(0)},
 * {@code barrier(CLK_LOCAL_MEM_FENCE)}, {@code __local} arrays). On the {@code jvm} device a fresh instance is
 * made for every work-item, and barriers and local arrays are real: every work-item of a group runs on its own
 * thread, synchronised by the group's barrier, and all of them see the same local arrays. So a JVM run means what
 * a GPU run means.
 *
 * <p>Invariants: {@code globalIdx == groupIdx * localGroupSizeX + localIdx}; {@code 0 <= localIdx <
 * localGroupSizeX}; {@code globalGroupSizeX} is a multiple of {@code localGroupSizeX}. The size passed to an
 * {@code allocate*LocalArray} call must be a compile-time constant (a literal or a {@code static final int}),
 * and every work-item of a group must make the same allocation calls in the same order.
 */
public final class KernelContext {
    /** Global work-item index in dimension 0. */
    public final int globalIdx;
    /** Index of this work-item inside its work-group. */
    public final int localIdx;
    /** Index of the work-group. */
    public final int groupIdx;
    /** Work-items per work-group. */
    public final int localGroupSizeX;
    /** Work-items in the whole launch. */
    public final int globalGroupSizeX;

    private final WorkGroup group;

    /** Made by the jvm device only; kernels never construct one. */
    public KernelContext(int globalIdx, int localIdx, int groupIdx, int localGroupSizeX, int globalGroupSizeX,
                         WorkGroup group) {
        this.globalIdx = globalIdx;
        this.localIdx = localIdx;
        this.groupIdx = groupIdx;
        this.localGroupSizeX = localGroupSizeX;
        this.globalGroupSizeX = globalGroupSizeX;
        this.group = group;
    }

    /** Waits until every work-item of this work-group has reached this barrier; local memory is then consistent. */
    public void localBarrier() {
        group.barrier();
    }

    /** A {@code long} array shared by the work-group (PTX {@code .shared}, OpenCL {@code __local}). */
    public long[] allocateLongLocalArray(int size) {
        return group.localLongs(size);
    }

    /** An {@code int} array shared by the work-group (PTX {@code .shared}, OpenCL {@code __local}). */
    public int[] allocateIntLocalArray(int size) {
        return group.localInts(size);
    }

    /**
     * The jvm device's work-group: a barrier for its work-items and the local arrays, handed out in
     * allocation order. Implemented by the runtime.
     */
    public interface WorkGroup {
        void barrier();

        long[] localLongs(int size);

        int[] localInts(int size);
    }
}
