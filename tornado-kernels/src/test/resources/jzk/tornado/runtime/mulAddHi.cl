// Hand-written twin of TestKernels.mulAddHi: 64-bit wrap-around multiply plus high half (unsigned).
__kernel void mulAddHi(__global const long *a, __global const long *b, __global long *r) {
    size_t i = get_global_id(0);
    ulong x = (ulong) a[i];
    ulong y = (ulong) b[i];
    r[i] = (long) (x * y + mul_hi(x, y));
}
