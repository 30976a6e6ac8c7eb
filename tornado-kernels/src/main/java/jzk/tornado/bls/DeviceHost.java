package jzk.tornado.bls;

import java.lang.reflect.Method;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceBuffer;
import jzk.tornado.api.DeviceKernel;

/**
 * A {@link KernelHost} over one device of the project runtime ({@code cuda:N}, {@code opencl:P:D}, {@code jvm}):
 * buffers are {@link DeviceBuffer}s, kernels are compiled by the runtime's JIT (cached per device and method).
 * Does not close the device: devices of {@code jzk.tornado.api.Devices} are shared for the life of the JVM.
 */
public final class DeviceHost implements KernelHost {
    private final Device device;
    private final String label;

    public DeviceHost(Device device) {
        this.device = device;
        var info = device.info();
        this.label = info.name() + " (" + info.deviceName().trim() + ")";
    }

    public Device device() {
        return device;
    }

    private record Buf(DeviceBuffer buffer, long ints) implements Buffer {
        @Override
        public void close() {
            buffer.close();
        }
    }

    @Override
    public String name() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    @Override
    public Buffer allocate(long ints) {
        return new Buf(device.allocate(Math.max(1, ints) * 4), ints);
    }

    @Override
    public void write(Buffer dst, long dstOffset, int[] src, int len) {
        device.copyToDevice(src, 0, ((Buf) dst).buffer, dstOffset * 4, len);
    }

    @Override
    public void read(Buffer src, long srcOffset, int[] dst, int len) {
        device.copyToHost(((Buf) src).buffer, srcOffset * 4, dst, 0, len);
    }

    @Override
    public void launch(Method kernel, int globalSize, int localSize, Object... args) {
        DeviceKernel k = device.kernel(kernel);
        Object[] a = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = args[i] instanceof Buf b ? b.buffer : args[i];
        }
        device.launch(k, globalSize, localSize, a);
    }

    @Override
    public int maxLocalSize(Method kernel) {
        return device.kernel(kernel).maxWorkGroupSize();
    }

    @Override
    public void finish() {
        device.synchronize();
    }

    @Override
    public void close() {
    }
}
