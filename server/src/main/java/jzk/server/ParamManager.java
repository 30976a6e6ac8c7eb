package jzk.server;

import io.grpc.Status;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import jzk.prover.batch.ParamsCache;
import jzk.prover.batch.PorepGroth16;
import jzk.prover.batch.ProverSession;
import jzk.prover.circuits.PorepShape;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.pipeline.MemoryBudget;
import jzk.prover.snarkjs.Zkey;
import jzk.server.api.ParamsInfo;

/**
 * Keeps parameter sets resident under the pipeline's memory budget.
 *
 * <p>Invariants (all under {@code this}):
 * <ul>
 *   <li>a resident set holds exactly {@link ParamSet#bytes()} of the {@link MemoryBudget}, reserved when it was
 *       loaded and released when it is evicted, so partitions and parameters share one budget and
 *       {@code reservedBytes ≤ capacity} covers both;</li>
 *   <li>{@code pins} counts queued or running jobs using a set; a pinned set is never evicted;</li>
 *   <li>when a set needs room, unpinned resident sets holding budget bytes are evicted least recently used
 *       first (a built-in set on a device session holds 0: its key is device memory); if that is not enough,
 *       the load waits for partitions to give bytes back (up to {@link #LOAD_WAIT_MS}) and then fails with
 *       RESOURCE_EXHAUSTED;</li>
 *   <li>evicting a set also frees its key on the session's devices (a built-in shape's resident
 *       {@code DeviceKey}s are closed; GPU memory is not charged to the budget, but an evicted key leaves nothing
 *       behind there);</li>
 *   <li>a known set that was evicted is loaded again from its source on its next use.</li>
 * </ul>
 * Loading happens under the lock (one load at a time); {@link #list()} and {@link #residentBytes()} read
 * snapshots and never wait for it.
 */
final class ParamManager {
    static final long LOAD_WAIT_MS = 60_000;

    private final MemoryBudget budget;
    private final ParamsCache cache;
    private final ProverSession session;
    private final Consumer<String> log;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private volatile List<ParamsInfo> snapshot = List.of();
    /** Sum of the resident sets' bytes; written under {@code this}, read without it. */
    private volatile long residentBytes;

    private static final class Entry {
        final String id;
        final Loader loader;
        Path source;
        ParamSet set;
        long bytes;
        int pins;
        long lastUsedNanos = System.nanoTime();
        long loads;

        Entry(String id, Loader loader) {
            this.id = id;
            this.loader = loader;
        }
    }

    private interface Loader {
        ParamSet load() throws IOException;
    }

    /** Built-in parameters missing from {@code cache} are generated on {@code session}'s setup device. */
    ParamManager(MemoryBudget budget, ParamsCache cache, ProverSession session, Consumer<String> log) {
        this.budget = budget;
        this.cache = cache;
        this.session = session;
        this.log = log;
    }

    /** The id of the built-in circuit's parameters of {@code shape}. */
    static String builtinId(PorepShape shape) {
        return "builtin:" + shape.shapeId();
    }

    /** Loads (if needed) and pins the built-in parameters of {@code shape}; {@link #unpin} when the job is done. */
    synchronized ParamSet.Builtin pinBuiltin(PorepShape shape) {
        String id = builtinId(shape);
        Entry e = entries.computeIfAbsent(id, k -> new Entry(k, () -> new ParamSet.Builtin(k,
                PorepGroth16.open(shape, 1, null, 0, cache, session, log::accept))));
        return (ParamSet.Builtin) pin(e);
    }

    /** Pins a known set by id (loading it again if it was evicted). */
    synchronized ParamSet pin(String id) {
        Entry e = entries.get(id);
        if (e == null) {
            throw Status.NOT_FOUND.withDescription("unknown params_id '" + id + "'; load it first (LoadParams)"
                    + " — known: " + entries.keySet()).asRuntimeException();
        }
        return pin(e);
    }

    private ParamSet pin(Entry e) {
        ensureResident(e);
        e.pins++;
        e.lastUsedNanos = System.nanoTime();
        publish();
        return e.set;
    }

    synchronized void unpin(String id) {
        Entry e = entries.get(id);
        if (e != null && e.pins > 0) {
            e.pins--;
            e.lastUsedNanos = System.nanoTime();
            publish();
        }
    }

    /** Registers and loads the zkey at {@code path}; its id is {@code zkey:} + the first 16 hex digits of its SHA-256. */
    synchronized ParamsInfo loadZkey(Path path) {
        String id;
        try {
            id = "zkey:" + sha256Prefix(path);
        } catch (NoSuchFileException ex) {
            throw Status.INVALID_ARGUMENT.withDescription("zkey_path " + path + ": no such file on the server")
                    .asRuntimeException();
        } catch (IOException ex) {
            throw Status.INVALID_ARGUMENT.withDescription("zkey_path " + path + ": " + ex.getMessage())
                    .asRuntimeException();
        }
        Entry e = entries.computeIfAbsent(id, k -> new Entry(k, () -> ParamSet.Snarkjs.of(k, Zkey.read(path))));
        ensureResident(e);
        e.lastUsedNanos = System.nanoTime();
        publish();
        return info(e);
    }

    /** Loads the built-in parameters of {@code shape} without pinning them. */
    synchronized ParamsInfo loadBuiltin(PorepShape shape) {
        pinBuiltin(shape);
        unpin(builtinId(shape));
        return info(entries.get(builtinId(shape)));
    }

    /** Evicts an unpinned resident set; false if it was not resident. */
    synchronized boolean evict(String id) {
        Entry e = entries.get(id);
        if (e == null) {
            throw Status.NOT_FOUND.withDescription("unknown params_id '" + id + "'").asRuntimeException();
        }
        if (e.pins > 0) {
            throw Status.FAILED_PRECONDITION.withDescription("params " + id + " are in use by " + e.pins
                    + " queued or running job(s); cancel them or wait").asRuntimeException();
        }
        boolean was = e.set != null;
        drop(e);
        publish();
        return was;
    }

    /** Every known set, resident or not (a snapshot; does not wait for a load in progress). */
    List<ParamsInfo> list() {
        return snapshot;
    }

    /** Bytes of the budget held by resident sets (never waits for a load in progress). */
    long residentBytes() {
        return residentBytes;
    }

    /** Evicts every unpinned set (server shutdown). */
    synchronized void evictAll() {
        for (Entry e : entries.values()) {
            if (e.pins == 0) {
                drop(e);
            }
        }
        publish();
    }

    // ---------------------------------------------------------------- internals (under this)

    private void ensureResident(Entry e) {
        if (e.set != null) {
            return;
        }
        ParamSet set;
        try {
            set = e.loader.load();
        } catch (NoSuchFileException ex) {
            throw Status.INVALID_ARGUMENT.withDescription(ex.getFile() + ": no such file").asRuntimeException();
        } catch (IOException | IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException ex) {
            throw Status.INVALID_ARGUMENT.withDescription("cannot load parameters " + e.id + ": " + ex.getMessage())
                    .asRuntimeException();
        }
        long bytes = set.bytes();
        reserve(e.id, bytes);
        e.set = set;
        e.bytes = bytes;
        residentBytes += bytes;
        e.source = set.source();
        e.loads++;
        log.accept("params " + e.id + " resident (" + MemoryBudget.format(bytes) + ", from " + e.source + ")");
    }

    private void reserve(String id, long bytes) {
        if (bytes > budget.capacityBytes()) {
            throw Status.FAILED_PRECONDITION.withDescription("params " + id + " need " + MemoryBudget.format(bytes)
                    + " but the whole memory budget is " + MemoryBudget.format(budget.capacityBytes())
                    + "; raise --memory-budget").asRuntimeException();
        }
        try {
            while (!budget.reserve(bytes, () -> true)) {
                // a set resident on a device holds no budget bytes: evicting it would free nothing here
                Entry victim = entries.values().stream().filter(x -> x.set != null && x.pins == 0 && x.bytes > 0)
                        .min(Comparator.comparingLong(x -> x.lastUsedNanos)).orElse(null);
                if (victim == null) {
                    long deadline = System.nanoTime() + LOAD_WAIT_MS * 1_000_000;
                    if (!budget.reserve(bytes, () -> System.nanoTime() > deadline)) {
                        throw Status.RESOURCE_EXHAUSTED.withDescription("params " + id + " need "
                                + MemoryBudget.format(bytes) + " but the memory budget ("
                                + MemoryBudget.format(budget.capacityBytes()) + ") stayed full for "
                                + LOAD_WAIT_MS / 1000 + " s with parameters in use").asRuntimeException();
                    }
                    return;
                }
                log.accept("params " + victim.id + " evicted (least recently used) to make room for " + id);
                drop(victim);
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw Status.CANCELLED.withDescription("interrupted while loading " + id).asRuntimeException();
        }
    }

    private void drop(Entry e) {
        if (e.set != null) {
            releaseOnDevices(e.set);
            budget.release(e.bytes);
            residentBytes -= e.bytes;
            e.set = null;
            e.bytes = 0;
        }
    }

    /**
     * Frees the device copies of an evicted set's key and the NTT plans the devices keep and no stage holds (see
     * {@link DeviceBackend#releaseNttPlans}): a built-in shape's resident keys (the session's
     * {@link jzk.prover.groth16.DeviceKey}s, closed) and the R1CS matrices its device stages uploaded, or the bases
     * a device backend uploaded from host arrays.
     */
    private void releaseOnDevices(ParamSet set) {
        List<DeviceBackend> backends = new ArrayList<>();
        for (String d : session.devices()) {
            if (!ProverSession.isCpu(d) && session.backend(d) instanceof DeviceBackend db) {
                backends.add(db);
            }
        }
        backends.forEach(DeviceBackend::releaseNttPlans); // the kept NTT plans: derived data, rebuilt by the next stage
        if (set instanceof ParamSet.Builtin b) {
            session.releaseKeys(b.factory().shape().shapeId());
            // and the shape's R1CS matrices the device stages uploaded
            backends.forEach(db -> db.release(b.factory().constraintSystem()));
        }
        ProvingKey pk = set.pk();
        if (pk.device != null) {
            return;
        }
        backends.forEach(db -> db.release(pk.a, pk.b1, pk.b2, pk.l, pk.h));
    }

    private void publish() {
        List<ParamsInfo> l = new ArrayList<>();
        for (Entry e : entries.values()) {
            l.add(info(e));
        }
        snapshot = List.copyOf(l);
    }

    private static ParamsInfo info(Entry e) {
        return ParamsInfo.newBuilder().setParamsId(e.id).setSource(e.source == null ? "" : e.source.toString())
                .setResident(e.set != null).setBytes(e.bytes).setJobs(e.pins)
                .setLastUsedSAgo((System.nanoTime() - e.lastUsedNanos) / 1e9).setLoads(e.loads).build();
    }

    private static String sha256Prefix(Path path) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return java.util.HexFormat.of().formatHex(md.digest(), 0, 8);
    }
}
