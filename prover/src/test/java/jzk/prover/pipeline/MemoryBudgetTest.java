package jzk.prover.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(20)
class MemoryBudgetTest {

    @ParameterizedTest
    @CsvSource({"64g, 68719476736", "512m, 536870912", "512M, 536870912", "1.5g, 1610612736", "4096, 4096",
        "8GiB, 8589934592", "100g, 107374182400", "2t, 2199023255552", "3k, 3072", "16mb, 16777216", "0, 0"})
    void parsesSizesInBinaryUnits(String text, long bytes) {
        assertEquals(bytes, MemoryBudget.parseSize(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "g", "12x", "-5g", "1.2.3g", "64 gigs", "9999999t"})
    void rejectsBadSizesNamingTheText(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MemoryBudget.parseSize(text));
        assertTrue(e.getMessage().startsWith("bad memory size '" + text + "'"), e.getMessage());
    }

    @Test
    void formatsForPeople() {
        assertEquals("512 B", MemoryBudget.format(512));
        assertEquals("1.5 KiB", MemoryBudget.format(1536));
        assertEquals("64.0 GiB", MemoryBudget.format(64L << 30));
    }

    @Test
    void defaultIsPhysicalMemoryMinusAMargin() {
        long total = MemoryBudget.physicalMemoryBytes();
        long def = MemoryBudget.defaultCapacityBytes();
        assertTrue(total > 0);
        assertTrue(def < total || def == 256L << 20, def + " vs " + total);
        assertTrue(total - def >= Math.min(total, MemoryBudget.MIN_MARGIN_BYTES) || def == 256L << 20);
    }

    @Test
    void reservesReleasesAndKeepsThePeak() throws Exception {
        MemoryBudget b = new MemoryBudget(100);
        assertTrue(b.reserve(60, () -> false));
        assertTrue(b.reserve(40, () -> false));
        assertEquals(100, b.reservedBytes());
        b.release(70);
        assertEquals(30, b.reservedBytes());
        assertEquals(100, b.peakReservedBytes());
        assertThrows(IllegalStateException.class, () -> b.release(31));
    }

    @Test
    void requestLargerThanCapacityFailsAtOnce() {
        MemoryBudget b = new MemoryBudget(1 << 20);
        MemoryBudget.BudgetExceededException e = assertThrows(MemoryBudget.BudgetExceededException.class,
                () -> b.reserve(2 << 20, () -> false));
        assertEquals("needs 2.0 MiB but the whole memory budget is 1.0 MiB; raise --memory-budget or use smaller "
                + "partitions", e.getMessage());
    }

    @Test
    void waitersAreServedInArrivalOrderAndCanAbandon() throws Exception {
        MemoryBudget b = new MemoryBudget(100);
        assertTrue(b.reserve(100, () -> false));
        List<String> granted = new CopyOnWriteArrayList<>();
        CountDownLatch big = new CountDownLatch(1);
        Thread first = Thread.ofPlatform().start(() -> {
            try {
                big.countDown();
                if (b.reserve(80, () -> false)) {
                    granted.add("big");
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        big.await();
        Thread.sleep(50); // the big request queues first
        Thread second = Thread.ofPlatform().start(() -> {
            try {
                if (b.reserve(10, () -> false)) {
                    granted.add("small");
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Thread.sleep(50);
        b.release(30); // 30 free: the small one would fit, but the big one is first in line
        Thread.sleep(60);
        assertTrue(granted.isEmpty(), "a later small request overtook the big one: " + granted);
        b.release(70);
        first.join(5000);
        second.join(5000);
        assertEquals(2, granted.size(), "both granted once the big one fits: " + granted);
        // an abandoned waiter reserves nothing and does not block the line
        assertFalse(b.reserve(50, () -> true));
        assertEquals(90, b.reservedBytes());
        assertTrue(b.reserve(10, () -> false));
    }
}
