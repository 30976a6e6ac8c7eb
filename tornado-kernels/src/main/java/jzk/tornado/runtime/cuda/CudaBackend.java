package jzk.tornado.runtime.cuda;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import jzk.tornado.api.Device;
import jzk.tornado.runtime.backend.BackendProbe;
import jzk.tornado.runtime.backend.NativeLibrary;

/** Finds CUDA devices through the driver API: {@code cuda:N} for device ordinal N. */
public final class CudaBackend {
    private CudaBackend() {
    }

    /** Opens {@code library}, calls {@code cuInit} and makes a device per ordinal. */
    public static BackendProbe open(String library) {
        CudaDriver cu = new CudaDriver(NativeLibrary.open(library));
        int rc = cu.raw(cu.cuInit, 0);
        if (rc == CudaDriver.CUDA_ERROR_NO_DEVICE) {
            return new BackendProbe(List.of(), "cuInit: " + cu.errorName(rc) + " (no CUDA-capable device)");
        }
        cu.check(rc, "cuInit");
        List<Device> devices = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int count;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            cu.call("cuDeviceGetCount", cu.cuDeviceGetCount, n);
            count = n.get(JAVA_INT, 0);
        }
        for (int i = 0; i < count; i++) {
            try {
                devices.add(new CudaDevice(cu, i));
            } catch (RuntimeException e) {
                problems.add("cuda:" + i + ": " + e.getMessage());
            }
        }
        return new BackendProbe(devices, String.join("; ", problems));
    }
}
