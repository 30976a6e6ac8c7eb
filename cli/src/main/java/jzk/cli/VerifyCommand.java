package jzk.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.Verifier;
import jzk.prover.groth16.VerifyingKey;
import jzk.prover.snarkjs.SnarkjsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jzk verify --vk verification_key.json --proof proof.json --public public.json}: snarkjs files (from
 * snarkjs, from {@code jzk prove --zkey}) or a built-in proof of P partitions ({@link ProofFiles}: every
 * partition must verify). Prints {@code OK} and exits 0, or {@code INVALID} and exits 1; a missing or malformed
 * file (bad JSON, a coordinate not below q, a point off its curve, a public signal count that does not match the
 * key) is one line naming the file, exit 2.
 */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Verify a proof against its verifying key: prints OK (exit 0) or INVALID (exit 1).")
public final class VerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--vk", paramLabel = "FILE", description = "Verifying key JSON (default ${DEFAULT-VALUE}).")
    Path vk = Path.of("verification_key.json");

    @Option(names = "--proof", paramLabel = "FILE", description = "Proof JSON (default ${DEFAULT-VALUE}).")
    Path proof = Path.of("proof.json");

    @Option(names = "--public", paramLabel = "FILE", description = "Public signals JSON (default ${DEFAULT-VALUE}).")
    Path publicJson = Path.of("public.json");

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        Limits.inputFile("--vk", vk, Limits.MAX_SNARKJS_JSON_BYTES);
        Limits.inputFile("--proof", proof, Limits.MAX_SNARKJS_JSON_BYTES);
        Limits.inputFile("--public", publicJson, Limits.MAX_SNARKJS_JSON_BYTES);
        boolean ok;
        try {
            VerifyingKey key = SnarkjsJson.readVerifyingKey(vk);
            ProofFiles.Loaded l = ProofFiles.read(proof, publicJson);
            for (int i = 0; i < l.publicInputs().size(); i++) {
                int n = l.publicInputs().get(i).length / 4;
                if (n != key.nPublic) {
                    throw new IllegalArgumentException(publicJson + (l.proofs().size() > 1 ? "[" + i + "]" : "")
                            + ": " + n + " public signals, but " + vk + " has nPublic = " + key.nPublic);
                }
            }
            PreparedVerifyingKey pvk = new PreparedVerifyingKey(key);
            ok = l.proofs().size() == 1 ? Verifier.verify(pvk, l.proofs().get(0), l.publicInputs().get(0))
                    : Verifier.verifyBatch(pvk, l.proofs(), l.publicInputs());
        } catch (NoSuchFileException e) {
            throw new CliException(CliException.USAGE, e.getFile() + ": no such file", e);
        } catch (java.io.FileNotFoundException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(CliException.USAGE, e.getMessage(), e);
        } catch (IOException e) {
            throw new CliException(CliException.USAGE, "cannot read: " + e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(ok ? "OK" : "INVALID");
        out.flush();
        return ok ? 0 : CliException.FAILURE;
    }
}
