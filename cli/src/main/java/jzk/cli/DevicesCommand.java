package jzk.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import jzk.prover.batch.ProverSession;
import jzk.tornado.api.BackendStatus;
import jzk.tornado.api.DeviceInfo;
import jzk.tornado.runtime.Devices;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk devices}: every device the runtime found ({@link Devices#list()}) with its properties, what each
 * backend found or why it found nothing ({@link Devices#backends()}: a missing CUDA library or OpenCL ICD is
 * shown, never silent), and the device {@code jzk batch} uses when none is named.
 */
@Command(name = "devices", mixinStandardHelpOptions = true,
        description = "List compute devices (CUDA, OpenCL, jvm), their properties and backend load errors.")
public final class DevicesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<DeviceInfo> devices = Devices.list();
        out.println("devices:");
        for (DeviceInfo d : devices) {
            out.println("  " + d.describe());
        }
        out.println("backends:");
        for (BackendStatus b : Devices.backends()) {
            out.println("  " + b.describe());
        }
        out.println("default for jzk batch / prove: " + ProverSession.defaultDevice()
                + " (cpu: the CPU prover; jvm: the Java kernel executor, the bit-exact reference)");
        out.flush();
        return 0;
    }
}
