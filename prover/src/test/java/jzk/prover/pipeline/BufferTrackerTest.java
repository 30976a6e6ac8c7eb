package jzk.prover.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class BufferTrackerTest {

    private static final ProofWorkload.Footprint F = new ProofWorkload.Footprint(1000, 200);

    @Test
    void followsAPartitionThroughItsLifeAndKeepsPeaks() {
        List<String> log = new ArrayList<>();
        BufferTracker t = new BufferTracker(log::add, () -> 1200);
        EnumSet<BufferClass> a = EnumSet.noneOf(BufferClass.class);
        EnumSet<BufferClass> b = EnumSet.noneOf(BufferClass.class);
        t.apply(BufferTracker.Event.SYNTH_START, 0, 0, a, F);
        t.apply(BufferTracker.Event.SYNTH_START, 0, 1, b, F);
        assertEquals(2, t.count(BufferClass.SYNTHESIZING));
        assertEquals(2400, t.estimatedBytes());
        t.apply(BufferTracker.Event.SYNTH_END, 0, 0, a, F);
        assertEquals(EnumSet.of(BufferClass.ABC_WAITING, BufferClass.AUX_HELD), a);
        t.apply(BufferTracker.Event.GPU_START, 0, 0, a, F);
        t.apply(BufferTracker.Event.GPU_END, 0, 0, a, F);
        assertEquals(1200 + 200, t.estimatedBytes()); // b synthesizing + a's aux
        t.apply(BufferTracker.Event.FINALIZE_START, 0, 0, a, F);
        t.apply(BufferTracker.Event.FINALIZE_END, 0, 0, a, F);
        assertTrue(a.isEmpty());
        t.apply(BufferTracker.Event.DISCARD, 0, 1, b, F);
        assertTrue(t.isEmpty());
        assertEquals(2, t.peakCount(BufferClass.SYNTHESIZING));
        assertEquals(2400, t.peakBytes(BufferClass.SYNTHESIZING));
        assertEquals(2400, t.peakEstimatedBytes());
        assertEquals(1, t.peakCount(BufferClass.FINALIZING));
        assertEquals(8, log.size());
        assertTrue(log.get(2).contains("SYNTH_END") && log.get(2).contains("job=0 part=0")
                && log.get(2).contains("synthesizing=1 abcWaiting=1 abcOnGpu=0 auxHeld=1")
                && log.get(2).endsWith("reserved=1.2 KiB"), log.get(2));
    }

    @Test
    void rejectsATransitionFromTheWrongState() {
        BufferTracker t = new BufferTracker(null, null);
        EnumSet<BufferClass> a = EnumSet.noneOf(BufferClass.class);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> t.apply(BufferTracker.Event.GPU_START, 3, 4, a, F));
        assertTrue(e.getMessage().contains("GPU_START for job 3 partition 4"), e.getMessage());
        assertTrue(t.isEmpty());
    }
}
