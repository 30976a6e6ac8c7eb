package jzk.prover.snarkjs;

import jzk.prover.r1cs.R1cs;

/**
 * A circom {@code .r1cs} file as read by {@link R1csFile}: the constraint system plus what the file says about its
 * wires. Wire {@code w} is variable {@code w} of {@link #r1cs()}: wire 0 is ONE, then {@code nPubOut} public outputs,
 * {@code nPubIn} public inputs (together {@code r1cs.numInputs()}), then private inputs and internal wires (aux).
 *
 * @param wireToLabel label id of each wire (section 3), or null when the file has no map section
 */
public record CircomR1cs(R1cs r1cs, int nPubOut, int nPubIn, int nPrvIn, long nLabels, long[] wireToLabel) {
}
