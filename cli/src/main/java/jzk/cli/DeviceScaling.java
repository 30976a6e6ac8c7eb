package jzk.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The multi-device scaling table of issue 16 from {@code jzk batch --json} reports:
 * {@code DeviceScaling LABEL ONE.json MANY.json [LABEL ONE.json MANY.json …]} prints one Markdown row per label:
 * proofs/min on one device and on several, their ratio, each device's busy fraction and partitions, failures, and
 * whether the row meets the bar (ratio ≥ 0.9 × devices, i.e. ≥ 1.8× on two, and every device busy ≥ 85 %). The
 * reports must have the same workload and count and every proof completed; a row that does not is marked so.
 * Run by {@code scripts/bench-multi-device.sh}; exit 0 when every row meets the bar, 1 otherwise, 2 on bad input.
 */
public final class DeviceScaling {
    /** Per-device busy fraction the bar asks for. */
    static final double BUSY_BAR = 0.85;
    /** Throughput ratio the bar asks for, per device: 1.8 on two. */
    static final double RATIO_BAR_PER_DEVICE = 0.9;

    private DeviceScaling() {
    }

    /** One table row and whether it meets the bar. */
    record Row(String line, boolean meetsBar) {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args.length % 3 != 0) {
            err.println("usage: DeviceScaling LABEL ONE-DEVICE.json N-DEVICES.json [LABEL ONE.json MANY.json …]");
            return 2;
        }
        List<Row> rows = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < args.length; i += 3) {
            try {
                rows.add(row(args[i], json.readTree(Path.of(args[i + 1]).toFile()),
                        json.readTree(Path.of(args[i + 2]).toFile())));
            } catch (IOException | RuntimeException e) {
                err.println("DeviceScaling: " + args[i] + ": cannot read " + args[i + 1] + " / " + args[i + 2] + ": "
                        + e.getMessage());
                return 2;
            }
        }
        out.println("| workload | devices | proofs/min (1 device) | proofs/min (N) | ratio | busy per device "
                + "| partitions per device | bar (ratio ≥ 0.9·N, busy ≥ 85 %) |");
        out.println("|---|---|---|---|---|---|---|---|");
        rows.forEach(r -> out.println(r.line()));
        return rows.stream().allMatch(Row::meetsBar) ? 0 : 1;
    }

    static Row row(String label, JsonNode one, JsonNode many) {
        double base = one.get("proofsPerMinute").asDouble();
        double scaled = many.get("proofsPerMinute").asDouble();
        double ratio = base > 0 ? scaled / base : 0;
        JsonNode devices = many.get("devices");
        int n = devices.size();
        List<String> busy = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        boolean allBusy = true;
        List<String> problems = new ArrayList<>();
        for (JsonNode d : devices) {
            double b = d.get("busyFraction").asDouble();
            allBusy &= b >= BUSY_BAR;
            busy.add(String.format(Locale.ROOT, "%s %.1f %%", d.get("device").asText(), 100 * b));
            parts.add(d.get("device").asText() + " " + d.get("partitions").asLong());
            if (!d.get("failure").isNull()) {
                problems.add(d.get("device").asText() + " failed: " + d.get("failure").asText());
            }
        }
        for (JsonNode r : List.of(one, many)) {
            if (r.get("completed").asInt() != r.get("count").asInt()) {
                problems.add(r.get("completed").asInt() + " of " + r.get("count").asInt() + " completed on "
                        + r.get("settings").get("devices"));
            }
        }
        if (!one.get("workload").asText().equals(many.get("workload").asText())
                || one.get("count").asInt() != many.get("count").asInt()) {
            problems.add("the two reports are of different batches");
        }
        boolean meets = problems.isEmpty() && n >= 2 && ratio >= RATIO_BAR_PER_DEVICE * n && allBusy;
        String verdict = meets ? "met" : "not met" + (problems.isEmpty() ? "" : ": " + String.join("; ", problems));
        String line = String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f× | %s | %s | %s |", label, n, base,
                scaled, ratio, String.join(", ", busy), String.join(", ", parts), verdict);
        return new Row(line, meets);
    }
}
