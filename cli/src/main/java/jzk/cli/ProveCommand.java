package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.Arrays;
import jzk.arith.Fr;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.batch.PorepProof;
import jzk.prover.batch.PorepProofWorkload;
import jzk.prover.circuits.PorepInputException;
import jzk.prover.snarkjs.CircomR1cs;
import jzk.prover.snarkjs.ProofRejectedException;
import jzk.prover.snarkjs.R1csFile;
import jzk.prover.snarkjs.SnarkjsJson;
import jzk.prover.snarkjs.SnarkjsProver;
import jzk.prover.snarkjs.Zkey;
import jzk.tornado.progress.Timings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk prove}, two modes:
 * <ul>
 *   <li>built-in circuit: {@code --input vanilla.json} (its shape and partition count come from the file; without
 *       {@code --input} the input is generated from the shape options and {@code --seed}) → every partition
 *       proven by the staged prover on {@code --device} (default: the best device, as {@code jzk batch}),
 *       checked by the pairing equation, written as {@link ProofFiles} (snarkjs format);</li>
 *   <li>snarkjs: {@code --zkey F.zkey --wtns F.wtns [--r1cs F.r1cs]} → {@code snarkjs groth16 prove}'s proof.json
 *       and public.json ({@link SnarkjsProver}; on the CPU unless {@code --device} names a device), written only
 *       after the proof verified under the zkey's own verifying key.</li>
 * </ul>
 * Either mode proves on a {@link ProverSession} of {@code --device}, closed when the command ends.
 */
@Command(name = "prove", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Prove one input: the built-in circuit (--input vanilla.json) or circom/snarkjs files "
                + "(--zkey, --wtns).")
public final class ProveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--input", paramLabel = "FILE", description = "Built-in circuit: vanilla-proof JSON.")
    Path input;

    @Mixin
    ShapeOptions shape = new ShapeOptions();

    @Option(names = "--seed", paramLabel = "S",
            description = "Built-in circuit without --input: generator seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--device", paramLabel = "NAME",
            description = "Device of the NTTs and MSMs: cuda:0, opencl:…, cpu (the CPU prover), jvm (the Java kernel "
                    + "executor: bit-exact reference, slow); built-in default: the best GPU, else cpu; snarkjs "
                    + "default: cpu.")
    String device;

    @Option(names = "--vk", paramLabel = "FILE", description = "Built-in circuit: also write the verifying key.")
    Path vk;

    @Option(names = "--zkey", paramLabel = "FILE", description = "snarkjs: Groth16 zkey (BLS12-381).")
    Path zkey;

    @Option(names = "--wtns", paramLabel = "FILE", description = "snarkjs: witness file.")
    Path wtns;

    @Option(names = "--r1cs", paramLabel = "FILE", description = "snarkjs: the circuit's .r1cs; the witness is "
            + "checked against every constraint before proving (and a proof that then fails blames the zkey).")
    Path r1cs;

    @Option(names = "--proof", paramLabel = "FILE", description = "Output proof JSON (default ${DEFAULT-VALUE}).")
    Path proof = Path.of("proof.json");

    @Option(names = "--public", paramLabel = "FILE", description = "Output public signals (default ${DEFAULT-VALUE}).")
    Path publicJson = Path.of("public.json");

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Option(names = "--timings", description = "Print where the command's time went (launcher, JVM boot, devices, "
            + "parameters, kernel JIT and driver builds, proof) on stderr at the end; also JZK_TIMINGS=1.")
    void timings(boolean on) {
        if (on) {
            Timings.enable();
        }
    }

    @Override
    public Integer call() throws Exception {
        new OutputPaths().file("--proof", proof).file("--public", publicJson).file("--vk", vk).check();
        if (zkey != null || wtns != null) {
            if (zkey == null || wtns == null) {
                throw new CliException(CliException.USAGE, "snarkjs proving needs both --zkey and --wtns");
            }
            if (input != null) {
                throw new CliException(CliException.USAGE, "--input (built-in circuit) and --zkey/--wtns (snarkjs) "
                        + "are exclusive");
            }
            Limits.inputFile("--zkey", zkey, 0);
            Limits.inputFile("--wtns", wtns, 0);
            if (r1cs != null) {
                Limits.inputFile("--r1cs", r1cs, 0);
            }
            try (ProverSession session = WorkloadHooks.session(List.of(device == null ? ProverSession.CPU : device))) {
                return snarkjs(session);
            }
        }
        if (input != null) {
            Limits.inputFile("--input", input, Limits.MAX_INPUT_JSON_BYTES);
        }
        try (ProverSession session = WorkloadHooks.session(device == null ? List.of() : List.of(device))) {
            return builtIn(session);
        }
    }

    /**
     * Every proof is checked before it is written ({@link SnarkjsProver#proveChecked}): a witness that fails a
     * constraint of {@code --r1cs}, or a proof that does not verify under the zkey's own verifying key, exits 1
     * with a line saying whether the witness or the key is at fault, and nothing is written.
     */
    private int snarkjs(ProverSession session) {
        long t0 = System.nanoTime();
        String dev = session.devices().get(0);
        try {
            Zkey z = Zkey.read(zkey);
            long[] w = SnarkjsProver.readWitness(wtns);
            CircomR1cs cs = r1cs == null ? null : R1csFile.read(r1cs);
            jzk.prover.groth16.Proof p = SnarkjsProver.proveChecked(z, w, wtns, cs, session.backend(dev));
            long[] pub = Arrays.copyOfRange(w, 4, 4 * (z.nPublic + 1)); // canonical → Montgomery, as public.json wants
            Fr.F.fromCanonicalVector(pub, 0, z.nPublic);
            ProofFiles.write(p, pub, proof, publicJson);
        } catch (ProofRejectedException e) {
            String who = switch (e.culprit()) {
                case INPUT -> "input at fault";
                case KEY -> "key at fault";
                case INPUT_OR_KEY -> "input or key at fault";
            };
            throw new CliException(CliException.FAILURE, "proof not written (" + who + "): " + e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new CliException(CliException.USAGE, e.getFile() + ": no such file", e);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        } catch (IOException e) {
            throw new CliException(CliException.FAILURE, "I/O error: " + e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "proved %s with %s on %s in %.2f s (verified%s)%n", wtns, zkey,
                ProverSession.isCpu(dev) ? "the CPU" : dev, (System.nanoTime() - t0) / 1e9,
                r1cs != null ? "; witness checked against " + r1cs : "");
        out.println("proof written to " + proof + ", public signals to " + publicJson);
        out.flush();
        return 0;
    }

    private int builtIn(ProverSession session) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String dev = session.devices().get(0);
        PorepGroth16 f = WorkloadHooks.groth16(input, shape, seed, err, session);
        PorepProofWorkload w;
        try (Timings.Phase t = Timings.phase("input (read or generated)")) {
            w = f.workload(f.input(0), input != null ? input.toString() : "generated input (seed " + seed + ")");
        } catch (PorepInputException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        }
        long t0 = System.nanoTime();
        PorepProof p;
        try (Timings.Phase t = Timings.phase("proof (in process, as reported)")) {
            p = w.proveDirect(dev);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        boolean ok;
        try (Timings.Phase t = Timings.phase("verify")) {
            ok = w.verify(p);
        }
        if (!ok) {
            // the input satisfied every constraint (checked in synthesis) and the parameters passed their checksums
            // when first opened: a damage since then, or a prover bug
            throw new CliException(CliException.FAILURE, "the proof does not verify under " + f.params().file()
                    + "'s verifying key: not written (the input satisfies the circuit, so the parameters were "
                    + "damaged after their last check — rerun with JZK_JAVA_OPTS=-Djzk.params.fullCheck=true — or "
                    + "this is a prover bug)");
        }
        try {
            ProofFiles.write(p, proof, publicJson);
        } catch (IOException e) {
            throw OutputPaths.cannotWrite("--proof/--public", proof, e);
        }
        if (vk != null) {
            OutputPaths.write("--vk", vk, tmp -> SnarkjsJson.writeVerifyingKey(tmp, f.provingKey().vk));
        }
        out.printf(Locale.ROOT, "proved %d partition(s) of %s on %s in %.2f s (verified)%n", w.partitions(),
                f.shape().shapeId(), dev, secs);
        out.println("proof written to " + proof + ", public signals to " + publicJson
                + (vk != null ? ", verifying key to " + vk : "") + " (parameters: " + f.params().file() + ")");
        out.flush();
        return 0;
    }
}
