package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.circuits.PorepInputException;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.api.Devices;

/**
 * THE PLUG-IN POINT for real proving in {@code jzk batch}: what it proves ({@link PorepGroth16}, the built-in
 * PoRep-like circuit under cached Groth16 parameters) and on which devices ({@link Devices}).
 * {@code jzk batch --synthetic} uses {@link jzk.prover.pipeline.SyntheticWorkload} instead.
 */
final class WorkloadHooks {

    private WorkloadHooks() {
    }

    /**
     * The Groth16 workload factory for a batch; parameters are loaded from (or generated into) the cache here,
     * with one progress line on {@code err} when they are generated.
     *
     * @param input       the {@code --input} vanilla-proof JSON file or directory, or {@code null} for generated inputs
     * @param setupDevice the device that generates missing parameters (its large fixed-base batches): a GPU name
     *                    from {@link #realDevices}, or {@code jvm} for the CPU
     */
    static PorepGroth16 groth16(Path input, ShapeOptions shape, long seed, PrintWriter err, String setupDevice) {
        try {
            PorepGroth16 f = PorepGroth16.open(shape.shape(), shape.partitions, input, seed,
                    shape.cache().withSetupDevice(setupDevice), line -> {
                err.println("jzk: " + line);
                err.flush();
            });
            if (f.params().generated()) {
                err.println("jzk: " + f.params().setupSummary());
                err.flush();
            }
            return f;
        } catch (PorepInputException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CliException(CliException.USAGE, e.getFile() + ": no such file", e);
        } catch (IOException e) {
            throw new CliException(CliException.FAILURE, "I/O error: " + e.getMessage(), e);
        }
    }

    /**
     * Resolves {@code --device} names, or picks the best device when none is given: a CUDA device, else an NVIDIA
     * OpenCL GPU, else another OpenCL GPU, else {@code jvm} (the CPU prover). A CPU OpenCL device (PoCL) is only
     * used when named: it runs the kernels correctly but slower than the pure-Java CPU path. An unknown name is
     * one line naming it and the available devices.
     */
    static List<String> realDevices(List<String> requested) {
        if (requested.isEmpty()) {
            Device best = Devices.best();
            return List.of(best.info().isGpu() ? best.name() : "jvm");
        }
        List<String> out = new ArrayList<>();
        for (String d : requested) {
            try {
                out.add(Devices.get(d).name());
            } catch (DeviceException e) {
                throw new CliException(CliException.USAGE, "unknown device '" + d + "'; available: "
                        + Devices.list().stream().map(i -> i.name()).toList());
            }
        }
        if (out.stream().distinct().count() != out.size()) {
            throw new CliException(CliException.USAGE, "device listed twice in --device " + requested);
        }
        return out;
    }
}
