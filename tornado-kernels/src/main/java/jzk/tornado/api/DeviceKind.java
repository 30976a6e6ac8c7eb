package jzk.tornado.api;

/** The backend that drives a {@link Device}; also the order {@code runtime.Devices.best()} prefers, GPU first. */
public enum DeviceKind {
    /** NVIDIA GPU through the CUDA driver API ({@code libcuda.so.1}); kernels are PTX. */
    CUDA,
    /** Any OpenCL device through the ICD loader ({@code libOpenCL.so.1}); kernels are OpenCL C. */
    OPENCL,
    /** The reference device: the kernel's own bytecode, one Java thread per work-item where barriers need it. */
    JVM
}
