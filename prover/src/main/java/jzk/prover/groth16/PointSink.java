package jzk.prover.groth16;

import java.io.IOException;

/**
 * Where {@link Setup#generateTo} hands the points of a new key as it makes them, besides the parameter file: the
 * shape first ({@link #begin}), then every section of the file's table (α₁, β₁, β₂, γ₂, δ₁, δ₂, IC, A, B1, B2, L,
 * H; {@link ParamsFile#NAMES}) in order, each in pieces of affine points ({@link Points} layout) that continue
 * one another. A piece's array may be shared with the file writer: a sink reads it and keeps no reference.
 */
public interface PointSink {
    /** Takes nothing. */
    PointSink NONE = new PointSink() {
        @Override
        public void append(int section, long[] pts, int from, int n) {
        }
    };

    /** The key's shape, before any point ({@link CompressedParams#expectedCounts} gives each section's size). */
    default void begin(ProvingKey.HVariant hVariant, int nVars, int nPublic, int nRows, int lgDomain)
            throws IOException {
    }

    /** The next {@code n} points of section {@code section}: {@code pts[from …]}. */
    void append(int section, long[] pts, int from, int n) throws IOException;
}
