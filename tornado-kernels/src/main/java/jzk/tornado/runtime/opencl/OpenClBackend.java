package jzk.tornado.runtime.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.api.DeviceKind;
import jzk.tornado.runtime.backend.BackendProbe;
import jzk.tornado.runtime.backend.NativeLibrary;

/**
 * Finds OpenCL devices: every device of every platform, addressed {@code opencl:P:D} by platform and device
 * index in the ICD loader's order. A device whose context or queue cannot be made is left out and its error is
 * reported in the probe's problem text.
 */
public final class OpenClBackend {
    private OpenClBackend() {
    }

    /** Opens {@code library} and makes a device for each OpenCL device found. */
    public static BackendProbe open(String library) {
        OpenCl cl = new OpenCl(NativeLibrary.open(library));
        List<Device> devices = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            int rc = (int) invoke(cl.clGetPlatformIDs, 0, MemorySegment.NULL, n);
            if (rc == OpenCl.CL_PLATFORM_NOT_FOUND_KHR || (rc == 0 && n.get(JAVA_INT, 0) == 0)) {
                return new BackendProbe(List.of(), "no OpenCL platforms (no ICD registered in /etc/OpenCL/vendors)");
            }
            OpenCl.check(rc, "clGetPlatformIDs");
            int platforms = n.get(JAVA_INT, 0);
            MemorySegment ids = a.allocate(ADDRESS, platforms);
            OpenCl.call("clGetPlatformIDs", cl.clGetPlatformIDs, platforms, ids, MemorySegment.NULL);
            for (int p = 0; p < platforms; p++) {
                MemorySegment platform = ids.getAtIndex(ADDRESS, p);
                String platformName = platformString(cl, platform, OpenCl.CL_PLATFORM_NAME);
                MemorySegment dn = a.allocate(JAVA_INT);
                int drc = (int) invoke(cl.clGetDeviceIDs, platform, OpenCl.CL_DEVICE_TYPE_ALL, 0, MemorySegment.NULL, dn);
                if (drc == OpenCl.CL_DEVICE_NOT_FOUND) {
                    problems.add("platform " + p + " (" + platformName + ") has no devices");
                    continue;
                }
                OpenCl.check(drc, "clGetDeviceIDs");
                int count = dn.get(JAVA_INT, 0);
                MemorySegment devs = a.allocate(ADDRESS, count);
                OpenCl.call("clGetDeviceIDs", cl.clGetDeviceIDs, platform, OpenCl.CL_DEVICE_TYPE_ALL, count, devs,
                        MemorySegment.NULL);
                for (int d = 0; d < count; d++) {
                    MemorySegment dev = devs.getAtIndex(ADDRESS, d);
                    String name = "opencl:" + p + ":" + d;
                    try {
                        devices.add(new OpenClDevice(cl, dev, info(cl, name, platformName, dev)));
                    } catch (RuntimeException e) {
                        problems.add(name + ": " + e.getMessage());
                    }
                }
            }
        }
        return new BackendProbe(devices, String.join("; ", problems));
    }

    static Object invoke(java.lang.invoke.MethodHandle h, Object... args) {
        try {
            return h.invokeWithArguments(args);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow("OpenCL call", t);
        }
    }

    private static DeviceInfo info(OpenCl cl, String name, String platformName, MemorySegment dev) {
        String deviceName = deviceString(cl, dev, OpenCl.CL_DEVICE_NAME);
        String vendor = deviceString(cl, dev, OpenCl.CL_DEVICE_VENDOR);
        String driver = deviceString(cl, dev, OpenCl.CL_DRIVER_VERSION);
        String version = deviceString(cl, dev, OpenCl.CL_DEVICE_VERSION);
        long type = deviceLong(cl, dev, OpenCl.CL_DEVICE_TYPE, 8);
        long mem = deviceLong(cl, dev, OpenCl.CL_DEVICE_GLOBAL_MEM_SIZE, 8);
        long local = deviceLong(cl, dev, OpenCl.CL_DEVICE_LOCAL_MEM_SIZE, 8);
        int cus = (int) deviceLong(cl, dev, OpenCl.CL_DEVICE_MAX_COMPUTE_UNITS, 4);
        long wg = deviceLong(cl, dev, OpenCl.CL_DEVICE_MAX_WORK_GROUP_SIZE, 8);
        return new DeviceInfo(name, DeviceKind.OPENCL, deviceName + " [" + platformName + "]", vendor, driver, mem,
                cus, (int) Math.min(wg, Integer.MAX_VALUE), local, "", version,
                (type & OpenCl.CL_DEVICE_TYPE_GPU) != 0, deviceLong(cl, dev, OpenCl.CL_DEVICE_MAX_MEM_ALLOC_SIZE, 8));
    }

    private static String platformString(OpenCl cl, MemorySegment platform, int param) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(JAVA_LONG);
            OpenCl.call("clGetPlatformInfo", cl.clGetPlatformInfo, platform, param, 0L, MemorySegment.NULL, size);
            MemorySegment buf = a.allocate(size.get(JAVA_LONG, 0) + 1);
            OpenCl.call("clGetPlatformInfo", cl.clGetPlatformInfo, platform, param, buf.byteSize(), buf,
                    MemorySegment.NULL);
            return buf.getString(0).trim();
        }
    }

    static String deviceString(OpenCl cl, MemorySegment dev, int param) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(JAVA_LONG);
            OpenCl.call("clGetDeviceInfo", cl.clGetDeviceInfo, dev, param, 0L, MemorySegment.NULL, size);
            MemorySegment buf = a.allocate(size.get(JAVA_LONG, 0) + 1);
            OpenCl.call("clGetDeviceInfo", cl.clGetDeviceInfo, dev, param, buf.byteSize(), buf, MemorySegment.NULL);
            return buf.getString(0).trim();
        }
    }

    /** A numeric device property of {@code bytes} bytes (4 for cl_uint, 8 for cl_ulong / size_t). */
    static long deviceLong(OpenCl cl, MemorySegment dev, int param, int bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(8);
            OpenCl.call("clGetDeviceInfo", cl.clGetDeviceInfo, dev, param, (long) bytes, buf, MemorySegment.NULL);
            return bytes == 4 ? Integer.toUnsignedLong(buf.get(JAVA_INT, 0)) : buf.get(JAVA_LONG, 0);
        }
    }
}
