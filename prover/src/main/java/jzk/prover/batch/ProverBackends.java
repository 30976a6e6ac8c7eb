package jzk.prover.batch;

import java.util.concurrent.ConcurrentHashMap;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.ProverBackend;
import jzk.prover.groth16.SetupEngine;
import jzk.tornado.api.Devices;
import jzk.tornado.bls.DeviceHost;

/**
 * Maps a pipeline device name to the {@link ProverBackend} of its GPU stage: {@code jvm} (and {@code cpu}) →
 * {@link CpuBackend} (field-arith's NTT and Pippenger on all cores: the runtime's jvm device is a bit-exact
 * reference of the kernels, far too slow to prove with); any other name ({@code cuda:0}, {@code opencl:0:0}) →
 * a {@link DeviceBackend} over that device of {@link Devices}. One backend per name, created on first use;
 * thread-safe.
 */
public final class ProverBackends {
    private static final ConcurrentHashMap<String, ProverBackend> BY_NAME = new ConcurrentHashMap<>();

    private ProverBackends() {
    }

    /** Whether {@code device} proves on the CPU. */
    public static boolean isCpu(String device) {
        return device.equals("jvm") || device.equals("cpu");
    }

    public static ProverBackend forDevice(String device) {
        if (isCpu(device)) {
            return CpuBackend.INSTANCE;
        }
        return BY_NAME.computeIfAbsent(device, d -> new DeviceBackend(new DeviceHost(Devices.get(d))));
    }

    /**
     * Where parameter generation runs its large fixed-base batches for {@code device}: {@code null}, {@code jvm}
     * and {@code cpu} → the CPU (the jvm device would be a slow reference run); any other name → that device of
     * {@link Devices} ({@link SetupEngine#device}). The caller closes the engine (frees the uploaded tables).
     */
    public static SetupEngine setupEngine(String device) {
        if (device == null || isCpu(device)) {
            return SetupEngine.cpu();
        }
        return SetupEngine.device(new DeviceHost(Devices.get(device)));
    }
}
