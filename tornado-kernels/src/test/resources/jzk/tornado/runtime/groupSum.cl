// Hand-written twin of TestKernels.groupSum: tree reduction in local memory with barriers.
__kernel void groupSum(__global const long *in, __global long *out) {
    __local long partial[256];
    int l = get_local_id(0);
    partial[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
        if (l < stride) {
            partial[l] = (long) ((ulong) partial[l] + (ulong) partial[l + stride]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        out[get_group_id(0)] = partial[0];
    }
}
