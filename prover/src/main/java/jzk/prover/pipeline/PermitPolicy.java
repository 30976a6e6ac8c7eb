package jzk.prover.pipeline;

/**
 * When a partition gives back the permit that bounds synthesis-plus-waiting.
 *
 * <p>The pipeline has {@code W + L} permits (W partition workers, lookahead L). A partition takes one before
 * its budget reservation and synthesis.
 */
public enum PermitPolicy {
    /**
     * Default: the permit is released when a GPU worker takes the partition from the hand-off queue, so at
     * any time {@code synthesizing + synthesized-waiting ≤ W + L}.
     */
    HOLD_UNTIL_GPU("a synthesis slot frees when a GPU worker takes the partition: synthesizing + abcWaiting "
            + "<= W + L"),
    /**
     * The SUPRASEAL_C2 behaviour, kept for comparison ({@code --naive-permits}): the permit is released as soon
     * as synthesis finishes, so synthesized partitions pile up in front of a slower GPU stage, bounded only by
     * the memory budget. In cuzk this let 28 partitions of ~16 GiB wait for a one-slot channel (668 GiB RSS).
     */
    RELEASE_AT_SYNTHESIS_END("a synthesis slot frees at synthesis end (--naive-permits): only the budget bounds "
            + "abcWaiting");

    /** One line for legends. */
    public final String meaning;

    PermitPolicy(String meaning) {
        this.meaning = meaning;
    }
}
