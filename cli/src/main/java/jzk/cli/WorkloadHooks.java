package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import jzk.prover.batch.DeviceNotAvailableException;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepInputException;
import jzk.tornado.progress.Progress;
import jzk.tornado.progress.Timings;

/**
 * THE PLUG-IN POINT for real proving in {@code jzk batch}: what it proves ({@link PorepGroth16}, the built-in
 * PoRep-like circuit under cached Groth16 parameters) and on which devices (a {@link ProverSession}, opened once
 * per command by {@link #session} and closed by the command).
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
     * @param session     the devices of the GPU stages; missing parameters are generated on its setup device
     */
    static PorepGroth16 groth16(Path input, ShapeOptions shape, long seed, PrintWriter err, ProverSession session) {
        try {
            PorepGroth16 f = PorepGroth16.open(shape.shape(), shape.partitions, input, seed, shape.cache(),
                    session, line -> say(err, line));
            if (f.params().generated()) {
                say(err, f.params().setupSummary());
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

    /** One {@code jzk: } line on {@code err}, clear of a drawn progress bar. */
    static void say(PrintWriter err, String line) {
        Progress.installed().aside(() -> {
            err.println("jzk: " + line);
            err.flush();
        });
    }

    /**
     * The session of a command's {@code --device} names ({@link ProverSession#open}): without names the best GPU,
     * else {@code cpu}. An unknown name (one line naming it and the available devices) or a repeated one is a
     * usage error (exit 2); a {@code cuda:N} / {@code opencl:P:D} this machine lacks is "not available" (exit 3).
     */
    static ProverSession session(List<String> requested) {
        try (Timings.Phase t = Timings.phase("devices (probe and open)")) {
            return ProverSession.open(requested);
        } catch (DeviceNotAvailableException e) {
            throw new CliException(CliException.NOT_AVAILABLE, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        }
    }
}
