package jzk.tornado.jit;

/** The source language a kernel is compiled to: NVIDIA PTX assembly or OpenCL C 1.2. */
public enum TargetKind {
    PTX,
    OPENCL_C
}
