package jzk.tornado.bls;

/** Which evaluation domain an NTT uses: {ω^i}, or a coset shift·{ω^i}. */
public enum Coset {
    /** The subgroup itself. */
    NONE,
    /** shift = 7, the multiplicative generator of Fr* (bellman-style provers). */
    GENERATOR,
    /**
     * shift = the primitive 2n-th root of unity of the root family: the "odd" points ω_{2n}^{2i+1} that snarkjs
     * evaluates A, B, C on (shared/reference/snarkjs-h-domain.md).
     */
    ODD
}
