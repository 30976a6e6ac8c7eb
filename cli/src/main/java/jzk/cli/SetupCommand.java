package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PartitionShape;
import jzk.prover.groth16.CompressedParams;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.VerifyingKey;
import jzk.prover.r1cs.R1cs;
import jzk.prover.snarkjs.SnarkjsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk setup}: the Groth16 parameters of one partition of the built-in circuit, from the cache or generated
 * into it (see {@link ParamsCache}); prints the file, its size and the key's sizes, and exports the verifying key
 * as snarkjs {@code verification_key.json} (which {@code jzk verify} and {@code snarkjs groth16 verify} read).
 * The partition count does not matter: every partition of a shape shares the parameters. Generation runs its large
 * fixed-base batches on {@code --device} (default: the best GPU, as {@code jzk batch}; {@code cpu}: the CPU;
 * {@code jvm}: the Java kernel executor) through a {@link ProverSession} closed when the command ends, and prints
 * which path ran and how long it took. On {@code cpu} the file is the host form ({@code .params}); on any other
 * device it is the compressed form ({@code .jzkp}) that {@code jzk batch} on a device streams into device memory,
 * written to disk as it is generated (at 2^27 constraints ≈ 39 GB, never whole on the host) and not loaded here.
 */
@Command(name = "setup", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Generate (or load cached) Groth16 parameters for a built-in circuit shape; export the "
                + "verifying key.")
public final class SetupCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    @Option(names = "--vk", paramLabel = "FILE",
            description = "Where to write the verifying key JSON (default ${DEFAULT-VALUE}).")
    Path vk = Path.of("verification_key.json");

    @Option(names = "--force", description = "Replace an existing --vk file that holds a different key.")
    boolean force;

    @Option(names = "--device", paramLabel = "NAME",
            description = "Device for parameter generation: cuda:0, opencl:…, cpu, or jvm (the Java kernel "
                    + "executor: bit-exact reference, slow) (default: the best GPU, else cpu).")
    String device;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        new OutputPaths().file("--vk", vk).check();
        PartitionShape s = shape.shape();
        R1cs cs = PorepGroth16.r1cs(s);
        ParamsCache.Loaded p;
        java.util.function.Consumer<String> log = line -> {
            err.println("jzk: " + line);
            err.flush();
        };
        try (ProverSession session = WorkloadHooks.session(device == null ? List.of() : List.of(device))) {
            ParamsCache cache = shape.cache().withSetup(session::setupEngine);
            if (!ProverSession.isCpu(session.setupDevice())) {
                return compressed(cache.ensureCompressed(s.shapeId(), cs, log), s, cs, out);
            }
            p = cache.loadOrGenerate(s.shapeId(), cs, log);
        }
        ProvingKey pk = p.pk();
        out.printf(Locale.ROOT, "circuit: %s — %d constraints, %d variables, %d public inputs, domain 2^%d%n",
                s.shapeId(), cs.numConstraints(), cs.numVariables(), cs.numInputs(), pk.lgDomain);
        out.printf(Locale.ROOT, "parameters: %s (%s, %s in %.2f s)%n", p.file(), Sizes.bytes(p.fileBytes()),
                p.generated() ? "generated" : "loaded from cache", p.millis() / 1e3);
        if (p.generated()) {
            out.println(p.setupSummary());
        }
        out.printf(Locale.ROOT, "proving key: A, B1 %d G1 points each, B2 %d G2 points, L %d, H %d G1 points%n",
                pk.nVars, pk.nVars, pk.l.length / 12, pk.h.length / 12);
        writeVk(pk.vk, out);
        return 0;
    }

    /**
     * On a device (the form {@code jzk batch} there loads into device memory): the compressed file, written as it
     * is generated and not loaded here; its verifying key read from the file.
     */
    private int compressed(ParamsCache.Compressed c, PartitionShape s, R1cs cs, PrintWriter out) throws IOException {
        VerifyingKey key;
        long resident;
        int lg;
        long[] n = new long[5];
        try (CompressedParams f = CompressedParams.open(c.file(), null)) {
            key = f.verifyingKey();
            resident = f.residentBytes();
            lg = f.lgDomain();
            for (int i = 0; i < 5; i++) {
                n[i] = f.points(7 + i);
            }
        }
        out.printf(Locale.ROOT, "circuit: %s — %d constraints, %d variables, %d public inputs, domain 2^%d%n",
                s.shapeId(), cs.numConstraints(), cs.numVariables(), cs.numInputs(), lg);
        out.printf(Locale.ROOT, "parameters: %s (%s compressed, %s in %.2f s)%n", c.file(), Sizes.bytes(c.fileBytes()),
                c.generated() ? "generated" : "found in the cache", c.millis() / 1e3);
        if (c.generated()) {
            out.println(c.setupSummary());
        }
        out.printf(Locale.ROOT, "proving key: A, B1 %d G1 points each, B2 %d G2 points, L %d, H %d G1 points; "
                + "%s in device memory when loaded (%d bytes)%n", n[0], n[2], n[3], n[4], Sizes.bytes(resident), resident);
        writeVk(key, out);
        return 0;
    }

    private void writeVk(VerifyingKey key, PrintWriter out) throws IOException {
        if (Files.exists(vk) && !force) {
            // an existing key file is replaced only with --force, unless it already holds this key
            Path fresh = Files.createTempFile("jzk-vk", ".json");
            try {
                SnarkjsJson.writeVerifyingKey(fresh, key);
                if (Files.mismatch(fresh, vk) != -1) {
                    throw new CliException(CliException.USAGE, vk + " exists and holds another verifying key: "
                            + "give --vk another file, or --force to replace it");
                }
            } finally {
                Files.deleteIfExists(fresh);
            }
            out.println("verifying key unchanged in " + vk);
        } else {
            OutputPaths.write("--vk", vk, tmp -> SnarkjsJson.writeVerifyingKey(tmp, key));
            out.println("verifying key written to " + vk);
        }
        out.flush();
    }
}
