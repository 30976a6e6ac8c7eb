package jzk.prover.batch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jzk.prover.config.ProverConfig;
import jzk.prover.groth16.CpuBackend;
import jzk.prover.groth16.DeviceBackend;
import jzk.prover.groth16.DeviceKey;
import jzk.prover.groth16.ProverBackend;
import jzk.prover.groth16.ProvingKey;
import jzk.prover.pipeline.DeviceInventory;
import jzk.prover.groth16.SetupEngine;
import jzk.tornado.api.BackendStatus;
import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.bls.DeviceHost;
import jzk.tornado.bls.KernelHost;
import jzk.tornado.runtime.Devices;

/**
 * The one owner of what a run (one CLI command, or one daemon) proves with: the devices named by {@code --device},
 * resolved once, and everything made on them — one {@link DeviceHost} (pinned staging memory) and one
 * {@link DeviceBackend} (resident key bases) per device, created on first use, the {@link SetupEngine}s of
 * parameter generation (uploaded tables), and the proving keys resident on a device ({@link DeviceKey}: at most one
 * per device and shape, shared by every batch, proof and partition of that shape; {@link #residentKey}). {@link #close()} frees all of it; the devices themselves belong to the
 * process-wide registry ({@link Devices}) and stay open.
 *
 * <p>Names: {@value #CPU} is the CPU prover ({@link CpuBackend}: field-arith's NTT and Pippenger on all cores);
 * {@value #JVM} is the runtime's Java kernel executor (the bit-exact reference of every GPU run, far slower than
 * {@value #CPU}); {@code cuda:N}, {@code opencl:P:D} are the registry's devices. With no name the session takes
 * the registry's best device when it is a GPU, else {@value #CPU} ({@link #defaultDevice}).
 *
 * <p>Invariants: {@link #devices()} is fixed at {@link #open}, distinct and resolvable; every device object a
 * session allocates on is freed by {@link #close()} (checked by the jvm device's buffer count in
 * ProverSessionTest); after close every accessor but {@link #devices()} throws. Thread-safe.
 *
 * <p>As the pipeline's {@link DeviceInventory}: a {@link ProvingKey} is {@code RESIDENT} on a device whose backend
 * has uploaded its sections (on {@value #CPU}: always), {@code LOADABLE} where its sections fit in the device's
 * memory beside what is resident there, else {@code NO}; a key loaded onto one device ({@link ProvingKey#device})
 * is {@code RESIDENT} there and {@code NO} elsewhere.
 */
public final class ProverSession implements AutoCloseable, DeviceInventory {
    /** The CPU prover. */
    public static final String CPU = "cpu";
    /** The runtime's Java kernel executor (reference device). */
    public static final String JVM = "jvm";

    private final List<String> devices;
    /** Per device name, in creation order; guarded by {@code this}. */
    private final Map<String, DeviceHost> hosts = new LinkedHashMap<>();
    private final Map<String, DeviceBackend> backends = new LinkedHashMap<>();
    private final List<SetupEngine> engines = new ArrayList<>();
    /** Per "device#worker" (worker ≥ 1): the backend on that worker's own stream, its host and stream. */
    private final Map<String, WorkerStream> streams = new LinkedHashMap<>();
    /** Wraps the host of each device's backend: the identity, or a test's fault injector. */
    private final BiFunction<String, KernelHost, KernelHost> backendHosts;
    /**
     * Resident keys per device, then per shape label; guarded by {@code keys} itself (not {@code this}: a load takes
     * seconds to minutes, and GPU workers ask {@link #backend} meanwhile).
     */
    private final Map<String, Map<String, ParamsCache.Loaded>> keys = new LinkedHashMap<>();
    private volatile boolean closed;

    private ProverSession(List<String> devices, BiFunction<String, KernelHost, KernelHost> backendHosts) {
        this.devices = List.copyOf(devices);
        this.backendHosts = backendHosts;
    }

    /**
     * A session on the devices {@code requested} (empty: {@link #defaultDevice}). Every name is checked here:
     * an unknown or repeated name is an {@link IllegalArgumentException} whose message is one line naming it
     * (and, when unknown, the available names); a well-formed {@code cuda:N} / {@code opencl:P:D} this machine
     * lacks is its subclass {@link DeviceNotAvailableException} (also naming the backend's problem).
     */
    public static ProverSession open(List<String> requested) {
        return open(requested, (name, host) -> host);
    }

    /**
     * As {@link #open(List)}, the backend of each device running on {@code backendHosts.apply(name, host)}: the
     * test hook that injects device failures (a host whose launches fail) under the real backend.
     */
    static ProverSession open(List<String> requested, BiFunction<String, KernelHost, KernelHost> backendHosts) {
        if (requested.isEmpty()) {
            return new ProverSession(List.of(defaultDevice()), backendHosts);
        }
        List<String> out = new ArrayList<>();
        for (String d : requested) {
            String name = d.equals(CPU) ? CPU : resolve(d).name();
            if (out.contains(name)) {
                throw new IllegalArgumentException("device listed twice in --device " + requested);
            }
            out.add(name);
        }
        return new ProverSession(out, backendHosts);
    }

    /**
     * The device of a session opened without names: a CUDA device, else an NVIDIA OpenCL GPU, else another
     * OpenCL GPU ({@link Devices#best()}, which honours {@code JZK_DEVICE}), else {@value #CPU}. A CPU OpenCL
     * device (PoCL) and the {@value #JVM} device are used only when named: they run the kernels correctly but
     * slower than {@value #CPU}.
     */
    public static String defaultDevice() {
        Device best = Devices.best();
        return best.info().isGpu() ? best.name() : CPU;
    }

    /** Whether {@code device} is the CPU prover. */
    public static boolean isCpu(String device) {
        return device.equals(CPU);
    }

    /** A well-formed name of a registry device kind: {@code cuda:N} or {@code opencl:P:D} (case-insensitive). */
    private static final Pattern KNOWN_KIND = Pattern.compile("(?i)(cuda):\\d+|(opencl):\\d+:\\d+");

    private static Device resolve(String name) {
        try {
            return Devices.get(name);
        } catch (DeviceException e) {
            List<String> names = new ArrayList<>();
            names.add(CPU);
            Devices.list().forEach(i -> names.add(i.name()));
            Matcher m = KNOWN_KIND.matcher(name.trim());
            if (m.matches()) {
                String backend = (m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT);
                String status = Devices.backends().stream().filter(b -> b.backend().equals(backend))
                        .map(BackendStatus::describe).findFirst().orElse(backend + ": backend not probed");
                throw new DeviceNotAvailableException("device " + name.trim() + " is not available on this machine ("
                        + status + "); available: " + names, e);
            }
            throw new IllegalArgumentException("unknown device '" + name + "'; available: " + names, e);
        }
    }

    /** The session's device names in {@code --device} order ({@value #CPU} for the CPU prover). */
    public List<String> devices() {
        return devices;
    }

    /**
     * The backend of {@code device} (one of {@link #devices()}): {@link CpuBackend#INSTANCE} for {@value #CPU},
     * else the device's {@link DeviceBackend}, created on first use and shared by every caller (the pipeline's
     * GPU workers of that device).
     */
    public synchronized ProverBackend backend(String device) {
        checkOpen();
        if (!devices.contains(device)) {
            throw new IllegalArgumentException("device '" + device + "' is not in this session " + devices);
        }
        if (isCpu(device)) {
            return CpuBackend.INSTANCE;
        }
        return backends.computeIfAbsent(device, d -> new DeviceBackend(backendHosts.apply(d, host(d))));
    }

    @Override
    public Residency residency(String device, Object paramsKey) {
        if (isCpu(device) || closed) {
            return Residency.RESIDENT;
        }
        if (paramsKey instanceof String shape) { // a shape label: the resident keys of residentKey
            synchronized (keys) { // not under this (lock order: keys, then this; see residentKey)
                return keys.getOrDefault(device, Map.of()).containsKey(shape) ? Residency.RESIDENT
                        : Residency.LOADABLE;
            }
        }
        if (!(paramsKey instanceof ProvingKey pk)) {
            return Residency.RESIDENT;
        }
        long keyBytesHere = residentKeyBytes(device);
        synchronized (this) {
            return hostKeyResidency(device, pk, keyBytesHere);
        }
    }

    private Residency hostKeyResidency(String device, ProvingKey pk, long residentKeyBytes) {
        DeviceBackend owner = backends.get(device);
        if (pk.device != null) {
            return owner != null && pk.device.host() == owner.residentHost() ? Residency.RESIDENT : Residency.NO;
        }
        DeviceBackend be = backends.get(device);
        if (be != null && be.holds(pk.a) && be.holds(pk.h)) {
            return Residency.RESIDENT;
        }
        long free = Devices.get(device).info().globalMemoryBytes() - residentKeyBytes
                - (be == null ? 0 : be.residentBytes());
        return keyBytes(pk) <= free ? Residency.LOADABLE : Residency.NO;
    }

    /** Bytes of the large sections of a host key, as they sit resident on a device (the same layout). */
    private static long keyBytes(ProvingKey pk) {
        long longs = 0;
        for (long[] s : new long[][] {pk.a, pk.b1, pk.b2, pk.l, pk.h}) {
            longs += s == null ? 0 : s.length;
        }
        return longs * Long.BYTES;
    }

    @Override
    public long residentBytes(String device) {
        long keyBytes = residentKeyBytes(device); // not under this (lock order: keys, then this)
        synchronized (this) {
            DeviceBackend be = backends.get(device);
            return (be == null ? 0 : be.residentBytes()) + keyBytes;
        }
    }

    /**
     * Whether GPU worker k ≥ 1 of a device gets a stream (CUDA) / queue (OpenCL) of its own ({@link #backend(String,
     * int)}); {@code -Djzk.gpu.workerStreams=false} makes every worker share the device's one stream, to measure
     * what the streams bring. Read once.
     */
    public static final boolean WORKER_STREAMS = ProverConfig.get().workerStreams();

    private record WorkerStream(DeviceBackend backend, DeviceHost host, Device stream) {
    }

    /**
     * The backend GPU worker {@code worker} of {@code device} proves with: worker 0 (and, with
     * {@link #WORKER_STREAMS} off, every worker) gets {@link #backend(String)}; worker k ≥ 1 gets a backend on a
     * stream / queue of its own ({@link Device#openStream}), created on first use, which shares the device
     * backend's resident bases ({@link DeviceBackend#onStream}): its NTTs and copies overlap with the other
     * workers' work instead of queueing behind it on one stream.
     */
    public synchronized ProverBackend backend(String device, int worker) {
        ProverBackend main = backend(device);
        if (worker == 0 || !WORKER_STREAMS || !(main instanceof DeviceBackend owner)) {
            return main;
        }
        return streams.computeIfAbsent(device + "#" + worker, k -> {
            Device stream = Devices.get(device).openStream();
            DeviceHost h = new DeviceHost(stream);
            return new WorkerStream(owner.onStream(backendHosts.apply(device, h)), h, stream);
        }).backend();
    }

    /**
     * The device that generates missing parameters (their large fixed-base batches): the first of
     * {@link #devices()} that is not {@value #CPU}, or {@value #CPU}.
     */
    public String setupDevice() {
        return devices.stream().filter(d -> !isCpu(d)).findFirst().orElse(CPU);
    }

    /**
     * A new engine for one parameter generation on {@link #setupDevice()}. The caller may close it as soon as the
     * parameters are written (frees its uploaded tables); the session closes it otherwise.
     */
    public synchronized SetupEngine setupEngine() {
        checkOpen();
        String d = setupDevice();
        SetupEngine e = isCpu(d) ? SetupEngine.cpu() : SetupEngine.device(host(d));
        engines.add(e);
        return e;
    }

    /** Loads a shape's key onto one device's host (e.g. {@link ParamsCache#loadResident}). */
    @FunctionalInterface
    public interface KeyLoader {
        ParamsCache.Loaded load(KernelHost host) throws IOException;
    }

    /**
     * The proving key of shape {@code shape} resident on {@code device} (one of {@link #devices()}, not
     * {@value #CPU}): loaded by {@code loader} on the device's host the first time it is asked for, then the same
     * key (as not generated, loaded in 0 ms) for every caller until {@link #releaseKeys} or {@link #close()} frees its
     * {@link DeviceKey}. Loads of different keys are serialised (device memory is one pool).
     */
    public ParamsCache.Loaded residentKey(String device, String shape, KeyLoader loader) throws IOException {
        if (isCpu(device) || !devices.contains(device)) {
            throw new IllegalArgumentException("no resident key on '" + device + "' (session " + devices + ")");
        }
        KernelHost h;
        synchronized (this) {
            checkOpen();
            // the host the device's backend runs its resident work on (a test may wrap it): keys live beside its bases
            h = ((DeviceBackend) backend(device)).residentHost();
        }
        synchronized (keys) {
            ParamsCache.Loaded k = keys.getOrDefault(device, Map.of()).get(shape);
            if (k != null) { // already resident: nothing generated or loaded for this caller
                return new ParamsCache.Loaded(k.pk(), k.file(), k.fileBytes(), false, 0, "");
            }
            ParamsCache.Loaded loaded = loader.load(h);
            DeviceKey dk = loaded.pk().device;
            if (dk == null || dk.host() != h) {
                if (dk != null) {
                    dk.close();
                }
                throw new IllegalStateException("the loader of " + shape + " did not load onto " + device);
            }
            if (closed) { // closed while loading: nothing may outlive the session
                dk.close();
                checkOpen();
            }
            keys.computeIfAbsent(device, d -> new LinkedHashMap<>()).put(shape, loaded);
            return loaded;
        }
    }

    /**
     * Frees shape {@code shape}'s resident keys on every device (e.g. parameters evicted by {@code jzk serve}; the
     * caller guarantees no proof uses them). Returns how many were freed.
     */
    public int releaseKeys(String shape) {
        int n = 0;
        synchronized (keys) {
            for (Map<String, ParamsCache.Loaded> m : keys.values()) {
                ParamsCache.Loaded k = m.remove(shape);
                if (k != null) {
                    k.pk().device.close();
                    n++;
                }
            }
        }
        return n;
    }

    /** Device bytes of the keys resident on {@code device} (0 for {@value #CPU} or none). */
    public long residentKeyBytes(String device) {
        synchronized (keys) {
            return keys.getOrDefault(device, Map.of()).values().stream()
                    .mapToLong(k -> k.pk().device.deviceBytes()).sum();
        }
    }

    private DeviceHost host(String device) {
        return hosts.computeIfAbsent(device, d -> new DeviceHost(Devices.get(d)));
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("prover session on " + devices + " is closed");
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Frees, in order, the resident keys, the worker streams (their backends, staging memory and streams), the
     * backends' resident bases, the setup engines' tables and the hosts' staging memory; idempotent. Every piece is
     * closed even when one fails (the first failure is thrown, the others added to it).
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        List<AutoCloseable> all = new ArrayList<>();
        // not under this: a load in progress (holding keys) may still ask for a setup engine, and then fails
        synchronized (keys) {
            keys.values().forEach(m -> m.values().forEach(k -> all.add(k.pk().device)));
            keys.clear();
        }
        synchronized (this) {
            for (WorkerStream w : streams.values()) {
                all.add(w.backend());
                all.add(w.host());
                all.add(w.stream());
            }
            streams.clear();
            all.addAll(backends.values());
            all.addAll(engines);
            all.addAll(hosts.values());
            backends.clear();
            engines.clear();
            hosts.clear();
        }
        RuntimeException first = null;
        for (AutoCloseable c : all) {
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e instanceof RuntimeException r ? r : new IllegalStateException(e);
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public String toString() {
        return "ProverSession" + devices;
    }
}
