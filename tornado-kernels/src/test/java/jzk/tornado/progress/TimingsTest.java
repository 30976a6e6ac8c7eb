package jzk.tornado.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link Timings}: nothing recorded unless enabled; phases summed per name with their counts; the report's lines. */
class TimingsTest {
    @AfterEach
    void reset() {
        Timings.reset();
    }

    @Test
    void disabledRecordsNothing() {
        Timings.reset();
        if (Timings.enabled()) {
            return; // JZK_TIMINGS set in this environment: the disabled path cannot be seen
        }
        try (Timings.Phase p = Timings.phase("x")) {
            Timings.add("y", 5);
        }
        assertEquals(Map.of(), Timings.snapshot());
    }

    @Test
    void phasesAreSummedPerNameAndReported() throws Exception {
        Timings.enable();
        Timings.add("kernel JIT", 1_500_000_000L);
        Timings.add("kernel JIT", 500_000_000L);
        try (Timings.Phase p = Timings.phase("verify")) {
            Thread.sleep(20);
        }
        Map<String, long[]> s = Timings.snapshot();
        assertEquals(List.of("kernel JIT", "verify"), List.copyOf(s.keySet()));
        assertEquals(2, s.get("kernel JIT")[0]);
        assertEquals(2_000_000_000L, s.get("kernel JIT")[1]);
        assertTrue(s.get("verify")[1] >= 20_000_000L);
        List<String> report = Timings.report();
        assertTrue(report.stream().anyMatch(l -> l.matches("timings: kernel JIT +2\\.000 s \\(2×\\)")), report::toString);
        assertTrue(report.getLast().matches("timings: total \\(process start → now\\) +\\d+\\.\\d{3} s"), report::toString);
        assertTrue(report.stream().anyMatch(l -> l.matches("timings: classes loaded \\d+")), report::toString);
    }
}
