package jzk.prover.groth16;

/**
 * A Groth16 proving key on BLS12-381, for either key family:
 *
 * <ul>
 *   <li>{@link HVariant#BELLMAN} (keys made by {@link Setup}): {@code h} holds n − 1 points [τ^i·Z(τ)/δ]₁ and the
 *   prover uses the coefficients of h(X) (coset by 7, {@link QuotientPolynomial#bellman}).</li>
 *   <li>{@link HVariant#SNARKJS_ODD} (snarkjs zkeys): {@code h} holds n points [L^(2n)_(2i+1)(τ)/δ]₁ and the
 *   prover uses the evaluations of A·B − C at the odd 2n-th roots ({@link QuotientPolynomial#snarkjsOdd}).</li>
 * </ul>
 *
 * <p>Variables are numbered as the witness z: 0 = the one-wire, 1..nPublic the public inputs, then the private
 * ones. {@code a}, {@code b1}, {@code b2} have one point per variable ([u_j(τ)]₁, [v_j(τ)]₁, [v_j(τ)]₂);
 * {@code l} one per private variable ([(β·u_j + α·v_j + w_j)/δ]₁). Points are affine, Montgomery-form Fp limbs
 * (see {@link Points}); all-zero = infinity.
 *
 * <p>A key loaded onto a device ({@link DeviceKey}) has {@code a}, {@code b1}, {@code b2}, {@code l}, {@code h}
 * {@code null} and {@link #device} set: the prover's backends reach those sections through {@link KeySection}.
 */
public final class ProvingKey {
    public enum HVariant { BELLMAN, SNARKJS_ODD }

    public final HVariant hVariant;
    public final int nVars;
    public final int nPublic;
    /** Rows of the QAP before padding: constraints + the nPublic + 1 input-consistency rows. */
    public final int nRows;
    public final int lgDomain;
    public final long[] alpha1;
    public final long[] beta1;
    public final long[] beta2;
    public final long[] delta1;
    public final long[] delta2;
    public final long[] a;
    public final long[] b1;
    public final long[] b2;
    public final long[] l;
    public final long[] h;
    public final VerifyingKey vk;
    /** Where the large sections live when not on the host; null for a host key. */
    public final DeviceKey device;

    public ProvingKey(HVariant hVariant, int nVars, int nPublic, int nRows, int lgDomain, long[] alpha1,
                      long[] beta1, long[] beta2, long[] delta1, long[] delta2, long[] a, long[] b1, long[] b2,
                      long[] l, long[] h, VerifyingKey vk) {
        this(hVariant, nVars, nPublic, nRows, lgDomain, alpha1, beta1, beta2, delta1, delta2, a, b1, b2, l, h, null,
                vk);
        check(a.length == nVars * Points.G1, "a");
        check(b1.length == nVars * Points.G1, "b1");
        check(b2.length == nVars * Points.G2, "b2");
        check(l.length == (nVars - nPublic - 1) * Points.G1, "l");
        check(h.length == hCount() * Points.G1, "h");
    }

    /** A key whose large sections are resident in {@code device} (made by {@link DeviceKey#load}). */
    ProvingKey(HVariant hVariant, int nVars, int nPublic, int nRows, int lgDomain, long[] alpha1, long[] beta1,
               long[] beta2, long[] delta1, long[] delta2, DeviceKey device, VerifyingKey vk) {
        this(hVariant, nVars, nPublic, nRows, lgDomain, alpha1, beta1, beta2, delta1, delta2, null, null, null, null,
                null, device, vk);
    }

    /** Either the host sections ({@code a} … {@code h}) or {@code device} holds the large sections. */
    private ProvingKey(HVariant hVariant, int nVars, int nPublic, int nRows, int lgDomain, long[] alpha1,
                       long[] beta1, long[] beta2, long[] delta1, long[] delta2, long[] a, long[] b1, long[] b2,
                       long[] l, long[] h, DeviceKey device, VerifyingKey vk) {
        check(vk.nPublic == nPublic, "vk.ic");
        check(nRows <= 1 << lgDomain, "nRows");
        this.hVariant = hVariant;
        this.nVars = nVars;
        this.nPublic = nPublic;
        this.nRows = nRows;
        this.lgDomain = lgDomain;
        this.alpha1 = alpha1;
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.delta1 = delta1;
        this.delta2 = delta2;
        this.a = a;
        this.b1 = b1;
        this.b2 = b2;
        this.l = l;
        this.h = h;
        this.vk = vk;
        this.device = device;
    }

    /** Points of the H section: n − 1 (bellman) or n (snarkjs). */
    public int hCount() {
        int n = 1 << lgDomain;
        return hVariant == HVariant.BELLMAN ? n - 1 : n;
    }

    public int domainSize() {
        return 1 << lgDomain;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException("proving key: " + what + " has the wrong size");
        }
    }
}
