package jzk.prover.r1cs;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * R1CS recorded once per circuit shape, keyed by a shape id chosen by the caller (e.g. {@code "porep/k=4/d=10"}):
 * every circuit with the same id must allocate and enforce identically. Thread-safe; the recording of one shape
 * runs once even when many threads ask for it at the same time.
 */
public final class R1csCache {
    private static final R1csCache SHARED = new R1csCache(false);

    private final ConcurrentHashMap<String, R1cs> byShape = new ConcurrentHashMap<>();
    private final boolean recordNames;

    public R1csCache(boolean recordNames) {
        this.recordNames = recordNames;
    }

    /** A process-wide cache that records without constraint names. */
    public static R1csCache shared() {
        return SHARED;
    }

    /** The R1CS of shape {@code shapeId}, recording {@code circuitOfShape.get()} the first time. */
    public R1cs get(String shapeId, Supplier<? extends Circuit> circuitOfShape) {
        return byShape.computeIfAbsent(shapeId, id -> Synthesizer.record(circuitOfShape.get(), recordNames));
    }

    public int size() {
        return byShape.size();
    }

    public void clear() {
        byShape.clear();
    }
}
