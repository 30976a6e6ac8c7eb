package jzk.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * Subcommands whose backing code is not in this build yet. Each parses nothing beyond its arguments and fails
 * with one line "jzk X: not available in this build (…)" and exit code {@value CliException#NOT_AVAILABLE}.
 * Wiring one means replacing its class here with a real command in its own file.
 */
final class PendingCommands {

    private PendingCommands() {
    }

    /** Base of the pending commands: swallows arguments, reports what is missing. */
    abstract static class Pending implements Callable<Integer> {
        @Parameters(arity = "0..*", hidden = true)
        java.util.List<String> ignored;

        abstract String name();

        abstract String missing();

        @Override
        public Integer call() {
            throw CliException.notAvailable(name(), missing());
        }
    }

    @Command(name = "devices", description = "List compute devices (CUDA, OpenCL, jvm) and their properties.")
    static final class Devices extends Pending {
        String name() {
            return "devices";
        }

        String missing() {
            return "the device runtime jzk.tornado.api.Devices is not wired into the CLI yet";
        }
    }

    @Command(name = "setup", description = "Generate Groth16 parameters for a built-in circuit shape.")
    static final class Setup extends Pending {
        String name() {
            return "setup";
        }

        String missing() {
            return "the Groth16 setup is not wired into the CLI yet";
        }
    }

    @Command(name = "gen-input", description = "Generate a vanilla-proof input JSON for a built-in circuit.")
    static final class GenInput extends Pending {
        String name() {
            return "gen-input";
        }

        String missing() {
            return "the built-in circuits are not wired into the CLI yet";
        }
    }

    @Command(name = "prove", description = "Prove one input (built-in circuit or circom/snarkjs files).")
    static final class Prove extends Pending {
        String name() {
            return "prove";
        }

        String missing() {
            return "the Groth16 prover is not wired into the CLI yet";
        }
    }

    @Command(name = "verify", description = "Verify one proof against its verifying key.")
    static final class Verify extends Pending {
        String name() {
            return "verify";
        }

        String missing() {
            return "the Groth16 verifier is not wired into the CLI yet";
        }
    }

    @Command(name = "bench", description = "Benchmark field arithmetic, NTT or MSM kernels: bench field|ntt|msm.")
    static final class Bench extends Pending {
        String name() {
            return "bench";
        }

        String missing() {
            return "the BLS12-381 kernels are not wired into the CLI yet";
        }
    }
}
