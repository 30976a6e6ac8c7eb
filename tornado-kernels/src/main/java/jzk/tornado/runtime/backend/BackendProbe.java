package jzk.tornado.runtime.backend;

import java.util.List;

import jzk.tornado.api.Device;

/**
 * What opening one native backend (CUDA, OpenCL) found: its usable devices and a summary of the problems met
 * (empty when none). A backend returns this to {@link DeviceRegistry}, which records it; the backends do not
 * know the registry.
 */
public record BackendProbe(List<Device> devices, String problem) {
}
