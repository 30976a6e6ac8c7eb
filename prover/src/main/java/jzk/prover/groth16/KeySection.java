package jzk.prover.groth16;

/**
 * The five large point vectors of a {@link ProvingKey}, the bases of the prover's MSMs: on the host as arrays, or
 * resident on a device ({@link DeviceKey}). {@link #index} is the section's place in the parameter file table.
 */
public enum KeySection {
    A(7), B1(8), B2(9), L(10), H(11);

    public final int index;

    KeySection(int index) {
        this.index = index;
    }

    public boolean g2() {
        return this == B2;
    }

    /** The host array of this section; fails clearly when the key lives on a device only. */
    public long[] points(ProvingKey pk) {
        long[] p = switch (this) {
            case A -> pk.a;
            case B1 -> pk.b1;
            case B2 -> pk.b2;
            case L -> pk.l;
            case H -> pk.h;
        };
        if (p == null) {
            throw new IllegalStateException("the proving key's " + name() + " points are resident on "
                    + pk.device.hostName() + " only; this backend needs them on the host");
        }
        return p;
    }
}
