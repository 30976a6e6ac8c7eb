package jzk.arith;

/**
 * A byte string that is not a valid encoding of a G1 or G2 point; {@link #reason()} says which rule of the
 * Zcash/IETF format it breaks, the message names the group, the format, the offset and the rule.
 */
public final class PointDecodingException extends IllegalArgumentException {
    /** The rule an encoding breaks, in the order {@link PointEncoding} checks them. */
    public enum Reason {
        /** The input is not 48/96 (G1) or 96/192 (G2) bytes. */
        WRONG_LENGTH,
        /** The compression flag disagrees with the format, or the sort flag is set where it must not be. */
        BAD_FLAGS,
        /** The infinity flag is set but some other bit is not zero. */
        NONZERO_INFINITY,
        /** A coordinate (or Fp2 component) is ≥ p. */
        NON_CANONICAL_COORDINATE,
        /** The point does not satisfy the curve equation (uncompressed), or x³ + b has no square root (compressed). */
        NOT_ON_CURVE,
        /** The point is on the curve but not in the order-r subgroup. */
        NOT_IN_SUBGROUP
    }

    private final Reason reason;
    /** Byte offset of the offending point in its buffer, or −1 when the whole input is at fault. */
    final long offset;

    PointDecodingException(Reason reason, String message) {
        this(reason, message, -1);
    }

    PointDecodingException(Reason reason, String message, long offset) {
        super(message);
        this.reason = reason;
        this.offset = offset;
    }

    public Reason reason() {
        return reason;
    }
}
