package jzk.prover.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link PhaseTimes}: phases listed in the order they first ran; count, total, mean, median (odd and even counts)
 * and max from the laps; laps added from many threads at once are all counted; a clock laps the time since its
 * previous lap.
 */
class PhaseTimesTest {
    @Test
    void summariesFollowTheLaps() {
        PhaseTimes t = new PhaseTimes();
        t.add("b", 3_000_000);
        t.add("a", 1_000_000);
        t.add("b", 1_000_000);
        t.add("b", 8_000_000);
        t.add("a", 2_000_000);
        Map<String, PhaseTimes.Summary> s = t.summaries();
        assertEquals(List.of("b", "a"), List.copyOf(s.keySet()), "first-run order");
        assertEquals(new PhaseTimes.Summary(3, 12.0, 4.0, 3.0, 8.0), s.get("b"));
        assertEquals(new PhaseTimes.Summary(2, 3.0, 1.5, 1.5, 2.0), s.get("a"));
    }

    @Test
    void concurrentLapsAreAllCounted() {
        PhaseTimes t = new PhaseTimes();
        IntStream.range(0, 10_000).parallel().forEach(i -> t.add(i % 2 == 0 ? "even" : "odd", 1000));
        assertEquals(5000, t.summaries().get("even").count());
        assertEquals(5000, t.summaries().get("odd").count());
        assertEquals(5.0, t.summaries().get("odd").totalMs(), 1e-9);
    }

    @Test
    void aClockLapsTheTimeSinceItsPreviousLap() throws InterruptedException {
        PhaseTimes t = new PhaseTimes();
        PhaseTimes.Clock c = t.clock();
        Thread.sleep(20);
        long first = c.lap("sleep");
        long second = c.lap("nothing");
        assertTrue(first >= 20_000_000L, first + " ns");
        assertTrue(second < first, second + " vs " + first);
        assertEquals(first / 1e6, t.summaries().get("sleep").totalMs(), 1e-9);
        assertEquals(1, t.summaries().get("nothing").count());
        PhaseTimes.noClock().lap("ignored"); // records nowhere
    }
}
