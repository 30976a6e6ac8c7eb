package jzk.tornado.api;

/**
 * A 1-D launch shape: {@code globalSize} work-items in work-groups of {@code localSize}.
 * Invariant: both positive and {@code globalSize % localSize == 0} (the {@link KernelContext} contract).
 */
public record Grid(long globalSize, int localSize) {
    public Grid {
        if (globalSize <= 0 || localSize <= 0 || globalSize % localSize != 0) {
            throw new IllegalArgumentException("grid: global size " + globalSize + " must be a positive multiple of "
                    + "the local size " + localSize);
        }
    }

    public static Grid of(long globalSize, int localSize) {
        return new Grid(globalSize, localSize);
    }
}
