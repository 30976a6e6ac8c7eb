package jzk.prover.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Draws a {@link Timeline} as a self-contained Gantt chart: inline SVG (in an HTML page or alone), no script,
 * no external font, style sheet or image, so the file opens anywhere and can be mailed as it is.
 *
 * <p>Top to bottom: title and legend; one lane per partition (by proof, then partition; proofs on alternating
 * shaded bands) with the bars synthesis → handoffWait (synthesized, waiting for a GPU worker) → gpu →
 * finalizeWait (GPU done, waiting for a finalizer) → finalize, a stage that failed drawn in red; the buffer-class
 * counts of the {@link BufferTracker} as step lines; the sampled RSS as a line. Every panel shares one time axis
 * in seconds since the pipeline started.
 *
 * <p>Geometry (what the tests read back): a bar of the interval [s, e] µs is the rect
 * {@code x = X0 + s·k}, {@code width = (e − s)·k} with {@code k = px-per-s / 10⁶}; {@code X0} and
 * {@code px-per-s} are the {@code data-x0} and {@code data-px-per-s} attributes of the {@code <g id="lanes">}
 * group, and each bar carries {@code data-stage}, {@code data-job} and {@code data-partition}.
 */
public final class TimelineChart {

    /** Bar stages in drawing order, with their colours. */
    static final List<String> STAGES = List.of("synthesis", "handoffWait", "gpu", "finalizeWait", "finalize");
    private static final Map<String, String> STAGE_COLOURS = Map.of("synthesis", "#4e79a7", "handoffWait", "#f28e2b",
            "gpu", "#59a14f", "finalizeWait", "#bab0ac", "finalize", "#b07aa1");
    private static final Map<String, String> STAGE_MEANING = Map.of(
            "synthesis", StageMetrics.Stage.SYNTHESIS.meaning,
            "handoffWait", StageMetrics.Stage.HANDOFF_WAIT.meaning,
            "gpu", StageMetrics.Stage.GPU.meaning,
            "finalizeWait", BufferClass.PENDING_FINALIZE.meaning,
            "finalize", StageMetrics.Stage.FINALIZE.meaning);
    private static final String FAILED_COLOUR = "#d62728";
    private static final String RSS_COLOUR = "#222222";
    private static final Map<String, String> BUFFER_COLOURS = Map.of("synthesizing", "#4e79a7",
            "abcWaiting", "#f28e2b", "abcOnGpu", "#59a14f", "auxHeld", "#e15759", "pendingFinalize", "#bab0ac",
            "finalizing", "#b07aa1");

    private static final int WIDTH = 1200;
    private static final int X0 = 130;
    private static final int PLOT_WIDTH = WIDTH - X0 - 30;
    private static final int LANES_TOP = 100;
    private static final int BUFFERS_HEIGHT = 140;
    private static final int RSS_HEIGHT = 100;

    private TimelineChart() {
    }

    /** One bar: {@code stage} of {@code job}/{@code partition} over [startUs, endUs]. */
    record Bar(String stage, long job, int partition, long startUs, long endUs, String worker, boolean failed) {
    }

    /** Writes the chart: an HTML page for {@code .html}/{@code .htm}, otherwise a standalone SVG file. */
    static void write(Path file, List<Timeline.Event> events, List<Timeline.Sample> samples) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String svg = svg(events, samples);
        String text = name.endsWith(".svg") ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg : html(svg);
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write timeline picture " + file + ": " + e.getMessage(), e);
        }
    }

    private static String html(String svg) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>jzk batch timeline</title>"
                + "<style>body{margin:12px;background:#fff;font-family:sans-serif}</style></head><body>\n"
                + svg + "</body></html>\n";
    }

    /** The bars of every partition, ordered by proof, partition, then stage order. */
    static List<Bar> bars(List<Timeline.Event> events) {
        Map<String, Long> synthEnd = new TreeMap<>();
        Map<String, Long> gpuEnd = new TreeMap<>();
        List<Bar> bars = new ArrayList<>();
        List<Bar> waits = new ArrayList<>();
        for (Timeline.Event e : events) {
            if (e.partition() < 0 || e.startUs() < 0) {
                continue;
            }
            String key = e.job() + "/" + e.partition();
            boolean failed = e.phase().equals("fail");
            bars.add(new Bar(e.stage(), e.job(), e.partition(), e.startUs(), e.tUs(), e.worker(), failed));
            if (failed) {
                continue;
            }
            switch (e.stage()) {
                case "synthesis" -> synthEnd.put(key, e.tUs());
                case "gpu" -> {
                    gpuEnd.put(key, e.tUs());
                    Long s = synthEnd.get(key);
                    if (s != null) {
                        waits.add(new Bar("handoffWait", e.job(), e.partition(), s, e.startUs(), "", false));
                    }
                }
                case "finalize" -> {
                    Long g = gpuEnd.get(key);
                    if (g != null) {
                        waits.add(new Bar("finalizeWait", e.job(), e.partition(), g, e.startUs(), "", false));
                    }
                }
                default -> {
                }
            }
        }
        bars.addAll(waits);
        bars.sort(java.util.Comparator.comparingLong(Bar::job).thenComparingInt(Bar::partition)
                .thenComparingInt(b -> STAGES.indexOf(b.stage())));
        return bars;
    }

    static String svg(List<Timeline.Event> events, List<Timeline.Sample> samples) {
        List<Bar> bars = bars(events);
        // lanes: one per (job, partition) in order
        TreeMap<Long, TreeMap<Integer, Integer>> laneOf = new TreeMap<>();
        for (Bar b : bars) {
            laneOf.computeIfAbsent(b.job(), j -> new TreeMap<>()).putIfAbsent(b.partition(), 0);
        }
        int lanes = 0;
        for (TreeMap<Integer, Integer> parts : laneOf.values()) {
            for (Map.Entry<Integer, Integer> p : parts.entrySet()) {
                p.setValue(lanes++);
            }
        }
        long endUs = 1;
        for (Timeline.Event e : events) {
            endUs = Math.max(endUs, e.tUs());
        }
        for (Timeline.Sample s : samples) {
            endUs = Math.max(endUs, s.tUs());
        }
        double seconds = endUs / 1e6;
        double pxPerS = PLOT_WIDTH / seconds;
        int laneH = Math.max(2, Math.min(14, 560 / Math.max(1, lanes)));
        int lanesBottom = LANES_TOP + Math.max(1, lanes) * laneH;
        int buffersTop = lanesBottom + 40;
        int rssTop = buffersTop + BUFFERS_HEIGHT + 40;
        int height = rssTop + RSS_HEIGHT + 40;

        StringBuilder sb = new StringBuilder(64 * 1024);
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n", WIDTH, height, WIDTH, height));
        sb.append("<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"15\" font-weight=\"bold\">"
                        + "jzk batch timeline — %d partitions of %d proofs, %.2f s</text>%n", 10, lanes, laneOf.size(),
                seconds));
        legend(sb);

        // lanes panel
        sb.append(String.format(Locale.ROOT, "<g id=\"lanes\" data-x0=\"%d\" data-px-per-s=\"%.6f\">%n", X0, pxPerS));
        int band = 0;
        for (Map.Entry<Long, TreeMap<Integer, Integer>> job : laneOf.entrySet()) {
            int first = job.getValue().firstEntry().getValue();
            int n = job.getValue().size();
            if (band++ % 2 == 1) {
                sb.append(String.format(Locale.ROOT, "<rect class=\"band\" x=\"%d\" y=\"%d\" width=\"%d\" "
                        + "height=\"%d\" fill=\"#f2f2f2\"/>%n", X0, LANES_TOP + first * laneH, PLOT_WIDTH, n * laneH));
            }
            int labelSize = Math.min(11, Math.max(8, laneH - 2));
            if (laneH >= 9) {
                for (Map.Entry<Integer, Integer> p : job.getValue().entrySet()) {
                    sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
                                    + "font-size=\"%d\">proof %d · part %d</text>%n", X0 - 6,
                            LANES_TOP + p.getValue() * laneH + laneH - 3, labelSize, job.getKey(), p.getKey()));
                }
            } else if (n * laneH >= 9) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
                        + "font-size=\"%d\">proof %d (%d parts)</text>%n", X0 - 6,
                        LANES_TOP + first * laneH + Math.min(n * laneH, 12) - 2, 9, job.getKey(), n));
            }
        }
        int barH = laneH >= 6 ? laneH - 2 : laneH;
        for (Bar b : bars) {
            int lane = laneOf.get(b.job()).get(b.partition());
            double x = X0 + b.startUs() / 1e6 * pxPerS;
            double w = (b.endUs() - b.startUs()) / 1e6 * pxPerS;
            String colour = b.failed() ? FAILED_COLOUR : STAGE_COLOURS.getOrDefault(b.stage(), "#888888");
            sb.append(String.format(Locale.ROOT, "<rect class=\"bar\" data-stage=\"%s\" data-job=\"%d\" "
                            + "data-partition=\"%d\" x=\"%.3f\" y=\"%d\" width=\"%.3f\" height=\"%d\" fill=\"%s\">"
                            + "<title>proof %d part %d %s%s%s: %.3f–%.3f s (%.1f ms)</title></rect>%n",
                    escape(b.stage()), b.job(), b.partition(), x, LANES_TOP + lane * laneH + (laneH - barH) / 2, w,
                    barH, colour, b.job(), b.partition(), escape(b.stage()), b.failed() ? " FAILED" : "",
                    b.worker().isEmpty() ? "" : " on " + escape(b.worker()), b.startUs() / 1e6, b.endUs() / 1e6,
                    (b.endUs() - b.startUs()) / 1e3));
        }
        sb.append("</g>\n");
        frame(sb, LANES_TOP, lanesBottom, "partitions", null, null);
        axis(sb, lanesBottom, LANES_TOP, seconds, pxPerS);

        // buffer counts: step lines
        long maxCount = 1;
        for (Timeline.Sample s : samples) {
            if (BUFFER_COLOURS.containsKey(s.series())) {
                maxCount = Math.max(maxCount, s.value());
            }
        }
        sb.append("<g id=\"buffers\">\n");
        for (BufferClass c : BufferClass.values()) {
            stepLine(sb, samples, c.key, BUFFER_COLOURS.get(c.key), buffersTop, BUFFERS_HEIGHT, maxCount, pxPerS,
                    endUs);
        }
        sb.append("</g>\n");
        frame(sb, buffersTop, buffersTop + BUFFERS_HEIGHT, "buffers (count)", "0", Long.toString(maxCount));
        axis(sb, buffersTop + BUFFERS_HEIGHT, buffersTop, seconds, pxPerS);

        // RSS
        long maxRss = 1;
        for (Timeline.Sample s : samples) {
            if (s.series().equals("rss")) {
                maxRss = Math.max(maxRss, s.value());
            }
        }
        sb.append("<g id=\"rss\">\n");
        StringBuilder pts = new StringBuilder();
        for (Timeline.Sample s : samples) {
            if (s.series().equals("rss")) {
                pts.append(String.format(Locale.ROOT, "%.2f,%.2f ", X0 + s.tUs() / 1e6 * pxPerS,
                        rssTop + RSS_HEIGHT - (double) s.value() / maxRss * RSS_HEIGHT));
            }
        }
        if (!pts.isEmpty()) {
            sb.append("<polyline fill=\"none\" stroke=\"").append(RSS_COLOUR).append("\" stroke-width=\"1.5\" points=\"")
                    .append(pts.toString().trim()).append("\"/>\n");
        }
        sb.append("</g>\n");
        frame(sb, rssTop, rssTop + RSS_HEIGHT, "RSS", "0", MemoryBudget.format(maxRss));
        axis(sb, rssTop + RSS_HEIGHT, rssTop, seconds, pxPerS);
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds since the "
                + "pipeline started</text>%n", X0 + PLOT_WIDTH / 2, height - 6));
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static void legend(StringBuilder sb) {
        int x = 10;
        int y = 32;
        for (int i = 0; i <= STAGES.size(); i++) {
            if (i == 3) {
                x = 10;
                y += 16;
            }
            String name = i < STAGES.size() ? STAGES.get(i) : "failed";
            String meaning = i < STAGES.size() ? STAGE_MEANING.get(name) : "stage that failed";
            String colour = i < STAGES.size() ? STAGE_COLOURS.get(name) : FAILED_COLOUR;
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\"><tspan font-weight=\"bold\">%s</tspan>: %s</text>%n", x, y, colour,
                    x + 16, y + 9, name, escape(meaning)));
            x += 16 + 7 * (name.length() + 2 + meaning.length()) + 20;
        }
        y += 16;
        sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">lines:</text>%n", y + 9));
        x = 50;
        for (BufferClass c : BufferClass.values()) {
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"2\"/><text x=\"%d\" y=\"%d\">%s</text>%n", x, y + 5, x + 16, y + 5,
                    BUFFER_COLOURS.get(c.key), x + 20, y + 9, c.key));
            x += 20 + 7 * c.key.length() + 14;
        }
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                + "stroke-width=\"2\"/><text x=\"%d\" y=\"%d\">RSS (resident memory, sampled)</text>%n",
                x, y + 5, x + 16, y + 5, RSS_COLOUR, x + 20, y + 9));
    }

    private static void stepLine(StringBuilder sb, List<Timeline.Sample> samples, String series, String colour,
                                 int top, int height, long max, double pxPerS, long endUs) {
        StringBuilder d = new StringBuilder();
        double y0 = top + height;
        d.append(String.format(Locale.ROOT, "M%d,%.2f", X0, y0));
        boolean any = false;
        for (Timeline.Sample s : samples) {
            if (s.series().equals(series)) {
                any = true;
                d.append(String.format(Locale.ROOT, " H%.2f V%.2f", X0 + s.tUs() / 1e6 * pxPerS,
                        y0 - (double) s.value() / max * height));
            }
        }
        if (any) {
            d.append(String.format(Locale.ROOT, " H%.2f", X0 + endUs / 1e6 * pxPerS));
            sb.append("<path data-series=\"").append(series).append("\" fill=\"none\" stroke=\"").append(colour)
                    .append("\" stroke-width=\"1.5\" d=\"").append(d).append("\"/>\n");
        }
    }

    private static void frame(StringBuilder sb, int top, int bottom, String label, String low, String high) {
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#999999\" stroke-width=\"0.5\"/>%n", X0, top, PLOT_WIDTH, bottom - top));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>%n", 10,
                top - 6, escape(label)));
        if (low != null) {
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", X0 - 6,
                    bottom, escape(low)));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", X0 - 6,
                    top + 10, escape(high)));
        }
    }

    /** Ticks every 1, 2 or 5 × 10^k seconds (about ten), with faint grid lines up to {@code gridTop}. */
    private static void axis(StringBuilder sb, int y, int gridTop, double seconds, double pxPerS) {
        double raw = seconds / 10;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
        for (int i = 0; i * step <= seconds * (1 + 1e-9); i++) {
            double x = X0 + i * step * pxPerS;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"#dddddd\" "
                    + "stroke-width=\"0.5\"/><line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"#666666\"/>"
                    + "<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">%." + decimals + "f</text>%n",
                    x, gridTop, x, y, x, y, x, y + 4, x, y + 15, i * step));
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
