package jzk.bench.groth16;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

import jzk.arith.Fr;
import jzk.prover.circuits.PorepCircuit;
import jzk.prover.circuits.PorepInput;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.PorepShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.CompressedParams;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.DeviceKey;
import jzk.prover.groth16.DeviceStage;
import jzk.prover.groth16.Groth16;
import jzk.prover.groth16.ParamsFile;
import jzk.prover.groth16.Proof;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.groth16.Setup;
import jzk.prover.groth16.SetupEngine;
import jzk.prover.groth16.StagedProver;
import jzk.prover.pipeline.RssSampler;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.R1csCache;
import jzk.prover.r1cs.Synthesizer;
import jzk.prover.r1cs.Witness;
import jzk.tornado.runtime.Devices;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.KernelHost;

/**
 * Benchmark (not a test) of parameters that live on the device: a streaming setup into a compressed parameter file
 * ({@link Setup#generateTo}, fixed-base batches on the device), the load of that file onto the device
 * ({@link DeviceKey#load}: per-chunk SHA-256, decompression kernel), and proofs over the resident key, each checked
 * by the pairing equation. Usage:
 *
 * <pre>ResidentParamsBench DEVICE DIR --challenges K [--depth D] [--leaf-hash poseidon|sha256] [--proofs N]
 *     [--chunk LG] [--keep]</pre>
 *
 * DIR holds the parameter file ({@code params-k<K>-d<D>.jzkp}, deleted at the end unless {@code --keep}; an
 * existing file is reused and the setup skipped). Prints, for the built-in PoRep shape: constraints, domain, setup
 * time, file bytes (and bytes a constraint), load time, device bytes of the key (and a constraint), the witness
 * time (sequential, and challenges in parallel), per-proof seconds of the GPU stage from the witness
 * ({@link DeviceStage}, with its phase table) and of the host-evaluated path ({@link Groth16#prove}), and the peak
 * RSS of the process. Exits 1 if a proof does not verify.
 */
public final class ResidentParamsBench {
    private ResidentParamsBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: ResidentParamsBench DEVICE DIR --challenges K [--depth D] "
                    + "[--leaf-hash poseidon|sha256] [--proofs N] [--chunk LG] [--keep]");
            System.exit(2);
        }
        String device = args[0];
        Path dir = Path.of(args[1]);
        int k = 0;
        int depth = 30;
        MerkleHash leaf = MerkleHash.POSEIDON;
        int proofs = 2;
        int chunk = CompressedParams.DEFAULT_CHUNK;
        boolean keep = false;
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--challenges" -> k = Integer.parseInt(args[++i]);
                case "--depth" -> depth = Integer.parseInt(args[++i]);
                case "--leaf-hash" -> leaf = args[++i].equalsIgnoreCase("sha256") ? MerkleHash.SHA256
                        : MerkleHash.POSEIDON;
                case "--proofs" -> proofs = Integer.parseInt(args[++i]);
                case "--chunk" -> chunk = 1 << Integer.parseInt(args[++i]);
                case "--keep" -> keep = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        PorepShape shape = new PorepShape(k, depth, leaf);
        Files.createDirectories(dir);
        Path file = dir.resolve("params-k" + k + "-d" + depth + "-" + leaf.name().toLowerCase(Locale.ROOT)
                + ".jzkp");
        boolean ok = true;
        try (RssSampler rss = new RssSampler(200); KernelHost host = new DeviceHost(Devices.get(device))) {
            long t = System.nanoTime();
            R1cs cs = R1csCache.shared().get(shape.shapeId(), shape::shapeOnly); // as PorepGroth16.r1cs
            long m = cs.numConstraints();
            System.out.printf(Locale.ROOT, "%s: %d constraints, %d variables, r1cs %.1f s, device %s%n",
                    shape.shapeId(), m, cs.numVariables(), (System.nanoTime() - t) / 1e9, host.name());
            if (!Files.exists(file)) {
                try (SetupEngine e = SetupEngine.device(host)) {
                    long size = Setup.generateTo(file, cs, new java.security.SecureRandom(), e, chunk);
                    System.out.printf(Locale.ROOT, "setup: %s; file %d bytes (%.1f B a constraint), peak RSS "
                            + "so far %.2f GiB%n", e.summary(), size, (double) size / m, rss.peakRssBytes() / 1073741824.0);
                }
            } else {
                System.out.println("setup: skipped, reusing " + file);
            }
            byte[] id = ParamsFile.shapeId(cs);
            try (DeviceKey dk = DeviceKey.load(file, id, host); DeviceBackend be = new DeviceBackend(host)) {
                ProvingKey pk = dk.key();
                System.out.printf(Locale.ROOT, "load: %.2f s (checksums, upload, decompression); key on the device "
                        + "%d bytes (%.1f B a constraint), domain 2^%d%n", dk.loadSeconds(), dk.deviceBytes(),
                        (double) dk.deviceBytes() / m, pk.lgDomain);
                PorepInput in = PorepInputGenerator.generate(shape, 1, 7);
                t = System.nanoTime();
                Witness w = Synthesizer.witness(new PorepCircuit(shape, in.partitions().get(0)), false, cs);
                System.out.printf(Locale.ROOT, "witness: %.2f s%n", (System.nanoTime() - t) / 1e9);
                t = System.nanoTime();
                Witness wp = in.witness(0, cs);
                System.out.printf(Locale.ROOT, "witness, challenges in parallel on %d cores: %.2f s (%s)%n",
                        Runtime.getRuntime().availableProcessors(), (System.nanoTime() - t) / 1e9,
                        java.util.Arrays.equals(wp.z(), w.z()) ? "same z" : "DIFFERENT z");
                // the GPU stage from the witness (a/b/c, H, every MSM on the device), with its phase table
                jzk.prover.pipeline.PhaseTimes times = new jzk.prover.pipeline.PhaseTimes();
                for (int i = 0; i < proofs; i++) {
                    Random rnd = new Random(100 + i);
                    long[] r = new long[4];
                    long[] s = new long[4];
                    Fr.F.random(r, 0, rnd);
                    Fr.F.random(s, 0, rnd);
                    t = System.nanoTime();
                    DeviceStage.Result res = DeviceStage.run(pk, cs, be, w.z(), true, times.clock(), "proof " + i);
                    Proof p = StagedProver.assemble(pk, res.g1(), res.b2(), r, s);
                    double sec = (System.nanoTime() - t) / 1e9;
                    boolean v = Groth16.verify(pk.vk, p, w.publicInputs());
                    ok &= v;
                    System.out.printf(Locale.ROOT, "proof %d, GPU stage from the witness (DeviceStage): %.2f s, %s%n",
                            i, sec, v ? "verifies" : "DOES NOT VERIFY");
                }
                System.out.println("DeviceStage phases (ms): p50 / mean / max / count");
                times.summaries().forEach((name, ph) -> System.out.printf(Locale.ROOT,
                        "  %-22s %9.1f %9.1f %9.1f %d%n", name, ph.p50Ms(), ph.meanMs(), ph.maxMs(), ph.count()));
                for (int i = 0; i < proofs; i++) {
                    t = System.nanoTime();
                    Proof p = Groth16.prove(pk, cs, w, be, new Random(i));
                    double s = (System.nanoTime() - t) / 1e9;
                    boolean v = Groth16.verify(pk.vk, p, w.publicInputs());
                    ok &= v;
                    System.out.printf(Locale.ROOT, "proof %d over the resident key: %.2f s, %s%n", i, s,
                            v ? "verifies" : "DOES NOT VERIFY");
                }
            }
            System.out.printf(Locale.ROOT, "peak RSS %.2f GiB (%s)%n", rss.peakRssBytes() / 1073741824.0,
                    rss.source());
        } finally {
            if (!keep) {
                Files.deleteIfExists(file);
            }
        }
        System.exit(ok ? 0 : 1);
    }
}
