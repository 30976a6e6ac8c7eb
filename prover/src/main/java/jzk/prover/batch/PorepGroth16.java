package jzk.prover.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import jzk.tornado.progress.Timings;
import jzk.prover.circuits.PartitionShape;
import jzk.prover.circuits.PorepCircuit;
import jzk.prover.circuits.PorepInputException;
import jzk.prover.circuits.PorepInputGenerator;
import jzk.prover.circuits.VanillaJson;
import jzk.prover.circuits.VanillaProof;
import jzk.prover.groth16.DeviceStage;
import jzk.prover.groth16.PreparedVerifyingKey;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.pipeline.BatchReport;
import jzk.prover.pipeline.PhaseTimes;
import jzk.prover.pipeline.ProofWorkload;
import jzk.prover.pipeline.WorkloadFactory;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.R1csCache;
import jzk.tornado.runtime.Devices;

/**
 * The Groth16 batch workload of {@code jzk batch}: every proof is a built-in partitioned circuit (a
 * {@link PartitionShape}: the PoRep-C2-like {@link PorepCircuit} or the StackedDRG-shaped
 * {@link jzk.prover.circuits.StackedDrgCircuit}) with P partitions, each partition one Groth16 proof under the same
 * parameters.
 *
 * <p>Shared, read-only state (built once by {@link #open}): the partition R1CS (recorded once per shape,
 * {@link R1csCache#shared()}), the proving key from the {@link ParamsCache} (generated on first use) and the
 * prepared verifying key; the GPU stages prove on the backends of the run's {@link ProverSession} (the caller's,
 * not closed here). The key per device ({@link #keyFor}): on {@code cpu} the host key
 * ({@link ParamsCache#loadOrGenerate}); on every other device (a GPU, PoCL, {@code jvm}) the session's resident key
 * of the shape ({@link ProverSession#residentKey} over {@link ParamsCache#loadResident}: the compressed file
 * streamed into device memory once per device and shape, shared by every partition and proof). Inputs: without {@code --input}, proof i's vanilla proof is generated
 * deterministically by the shape's generator ({@link PorepInputGenerator} or
 * {@link jzk.prover.circuits.StackedDrgInputGenerator}) with seed {@code seed + i}; with a JSON file every proof uses
 * that file (its shape replaces the shape options); with a directory, proof i uses the i-th {@code *.json} file
 * in name order (cyclically), each read and validated when proof i is created, so a bad file fails only its
 * proof, with the file name and JSON path in the reason.
 */
public final class PorepGroth16 implements WorkloadFactory {
    private final PartitionShape shape;
    private final int partitions;
    private final VanillaProof fixedInput;
    private final List<Path> inputFiles;
    private final long seed;
    final R1cs cs;
    final ProvingKey pk;
    final PreparedVerifyingKey pvk;
    final ProverSession session;
    private final ParamsCache.Loaded params;
    /** The key of each session device (see the class comment). */
    private final Map<String, ProvingKey> keys;
    /** Phase times of every workload's stages ({@link #phases}). */
    final PhaseTimes phases = new PhaseTimes();
    /**
     * Whether the GPU stages evaluate a/b/c on the device from the witness ({@link DeviceStage}): every device of the
     * session is a kernel device (not {@code cpu}) and {@code -Djzk.prover.deviceAbc} is not false. Else the
     * synthesis stage evaluates them on the host, as before.
     */
    final boolean deviceAbc;

    private PorepGroth16(PartitionShape shape, int partitions, VanillaProof fixedInput, List<Path> inputFiles, long seed,
                         R1cs cs, ParamsCache.Loaded params, Map<String, ProvingKey> keys, ProverSession session) {
        this.shape = shape;
        this.partitions = partitions;
        this.fixedInput = fixedInput;
        this.inputFiles = inputFiles;
        this.seed = seed;
        this.cs = cs;
        this.params = params;
        this.session = session;
        this.keys = Map.copyOf(keys);
        this.pk = params.pk();
        this.pvk = new PreparedVerifyingKey(pk.vk);
        this.deviceAbc = DeviceStage.ENABLED && DeviceStage.supports(pk)
                && session.devices().stream().noneMatch(ProverSession::isCpu);
    }

    @Override
    public PhaseTimes phases() {
        return phases;
    }

    /**
     * Prepares a batch: records the circuit, loads or generates the parameters.
     *
     * @param shape      the partition shape (ignored when {@code input} is a file: the file's shape is used)
     * @param partitions partitions per generated proof (ignored for file inputs: each file has its own count)
     * @param input      null (generate), a vanilla-proof JSON file, or a directory of them
     * @param seed       seed of the generated inputs: proof i uses {@code seed + i}
     * @param cache      where the parameters are (missing ones are generated with {@code session}'s setup engine)
     * @param session    the devices of the GPU stages and of parameter generation
     * @param log        one-line progress messages (parameter generation, cache problems)
     */
    public static PorepGroth16 open(PartitionShape shape, int partitions, Path input, long seed, ParamsCache cache,
                                    ProverSession session, Consumer<String> log) throws IOException {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be ≥ 1, got " + partitions);
        }
        VanillaProof fixed = null;
        List<Path> files = List.of();
        if (input != null) {
            if (Files.isDirectory(input)) {
                try (Stream<Path> s = Files.list(input)) {
                    files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
                }
                if (files.isEmpty()) {
                    throw new PorepInputException(input + ": directory has no *.json vanilla-proof files");
                }
            } else {
                fixed = VanillaJson.read(input);
                shape = fixed.shape();
                partitions = fixed.partitionCount();
            }
        }
        R1cs cs;
        try (Timings.Phase t = Timings.phase("circuit R1CS (recorded once per shape)")) {
            cs = r1cs(shape);
        }
        ParamsCache c = cache.withSetup(session::setupEngine);
        String label = shape.shapeId();
        ParamsCache.Loaded params = null;
        Map<String, ProvingKey> keys = new LinkedHashMap<>();
        Timings.Phase loading = Timings.phase("parameters (cache load or generation)");
        for (String d : session.devices()) {
            if (!ProverSession.isCpu(d)) {
                ParamsCache.Loaded k = session.residentKey(d, label, host -> c.loadResident(label, cs, host, log));
                keys.put(d, k.pk());
                params = params == null ? k : params;
            }
        }
        if (session.devices().contains(ProverSession.CPU)) { // after the devices: the same key, from their file
            ParamsCache.Loaded k = c.loadOrGenerate(label, cs, log);
            keys.put(ProverSession.CPU, k.pk());
            params = params == null ? k : params;
        }
        loading.close();
        return new PorepGroth16(shape, partitions, fixed, files, seed, cs, params, keys, session);
    }

    /** Per device of the session but the CPU prover: its peak allocated bytes and the session's resident keys. */
    @Override
    public Map<String, BatchReport.DeviceMemory> deviceMemory() {
        Map<String, BatchReport.DeviceMemory> m = new LinkedHashMap<>();
        for (String d : session.devices()) {
            if (!ProverSession.isCpu(d)) {
                m.put(d, new BatchReport.DeviceMemory(Devices.get(d).peakAllocatedBytes(),
                        session.residentKeyBytes(d)));
            }
        }
        return m;
    }

    /**
     * The footprint of every partition of this batch ({@link PorepProofWorkload#footprintOf}): without host a/b/c
     * when the GPU stages evaluate them on the device ({@link #deviceAbc}).
     */
    public ProofWorkload.Footprint footprint() {
        return PorepProofWorkload.footprintOf(pk.domainSize(), pk.nVars, pk.nPublic, deviceAbc);
    }

    /** The proving key the GPU stage on {@code device} (one of the session's) proves with. */
    public ProvingKey keyFor(String device) {
        ProvingKey k = keys.get(device);
        if (k == null) {
            throw new IllegalArgumentException("device '" + device + "' is not in this batch's session " + keys.keySet());
        }
        return k;
    }

    /** The partition R1CS of {@code shape}, recorded once per process. */
    public static R1cs r1cs(PartitionShape shape) {
        return R1csCache.shared().get(shape.shapeId(), shape::shapeOnly);
    }

    public PartitionShape shape() {
        return shape;
    }

    /** The partition R1CS every proof of this batch satisfies (resident on a device for the GPU stage). */
    public R1cs constraintSystem() {
        return cs;
    }

    /** The key of the session's first device (its small sections, counts and verifying key are every device's). */
    public ProvingKey provingKey() {
        return pk;
    }

    public ParamsCache.Loaded params() {
        return params;
    }

    @Override
    public String label() {
        String in = fixedInput != null ? partitions + " partitions from file"
                : !inputFiles.isEmpty() ? "inputs from " + inputFiles.size() + " files" : partitions + " partitions";
        return "groth16 " + shape.describe() + ", " + in + ", "
                + cs.numConstraints() + " constraints/partition (domain 2^" + pk.lgDomain + ")";
    }

    /** The vanilla proof of proof {@code index}: see the class doc. */
    public VanillaProof input(int index) throws IOException {
        if (fixedInput != null) {
            return fixedInput;
        }
        if (inputFiles.isEmpty()) {
            return shape.generate(partitions, seed + index);
        }
        Path f = inputFiles.get(index % inputFiles.size());
        VanillaProof in = VanillaJson.read(f);
        if (!in.shape().equals(shape)) {
            throw new PorepInputException(f + ": $.shape is " + in.shape().describe() + ", the batch proves "
                    + shape.describe());
        }
        return in;
    }

    @Override
    public ProofWorkload create(int index) throws IOException {
        return new PorepProofWorkload(this, input(index), "proof " + index);
    }

    /** A workload for one given input (e.g. {@code jzk prove --input}); its shape must be this factory's. */
    public PorepProofWorkload workload(VanillaProof in, String name) {
        if (!in.shape().equals(shape)) {
            throw new IllegalArgumentException(name + ": input shape " + in.shape() + " is not " + shape);
        }
        return new PorepProofWorkload(this, in, name);
    }
}
