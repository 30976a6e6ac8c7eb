package jzk.prover.pipeline;

import static jzk.prover.pipeline.PipelineTestSupport.MIB;
import static jzk.prover.pipeline.PipelineTestSupport.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeline picture: its bars are the CSV's intervals (both parsed here, independently of the renderer's
 * own bar list), ids are 1-based, and a real headless Chromium draws it (PNG of the right size, bars visible).
 */
@Timeout(60)
class TimelineChartTest {

    private static final int PROOFS = 3;
    private static final int PARTITIONS = 4;
    private static final Pattern BAR = Pattern.compile("<rect class=\"bar\" data-stage=\"(\\w+)\" data-job=\"(\\d+)\" "
            + "data-partition=\"(\\d+)\" x=\"([-\\d.]+)\" y=\"(\\d+)\" width=\"([-\\d.]+)\" height=\"(\\d+)\"");
    private static final Pattern LANES = Pattern.compile("<g id=\"lanes\" data-x0=\"(\\d+)\" data-px-per-s=\"([\\d.]+)\"");
    private static final Pattern SIZE = Pattern.compile("<svg [^>]*width=\"(\\d+)\" height=\"(\\d+)\"");

    @TempDir
    static Path dir;
    private static Path html;
    private static Path csv;

    /** One small batch through the real pipeline and BatchRunner (RSS sampled), timeline as HTML. */
    @BeforeAll
    static void runBatch() throws Exception {
        html = dir.resolve("run.html");
        PipelineConfig cfg = config(2, 1, 1, 256).withTimelineFile(html);
        var spec = new SyntheticWorkload.Spec(PARTITIONS, MIB, MIB / 2, 15, 25, 5);
        BatchReport r = new BatchRunner(cfg, SyntheticWorkload.factory(spec, false), PROOFS, 2, null)
                .run(new BatchRunner.Listener() {
                    @Override
                    public void proofDone(int index, int count, ProofOutcome outcome) {
                    }
                });
        assertEquals(PROOFS, r.completed());
        csv = Timeline.csvBeside(html);
        assertEquals(dir.resolve("run.csv"), csv);
    }

    /** (stage, job, partition) → {start µs, end µs} from the CSV's paired rows. */
    private static Map<String, long[]> csvIntervals() throws Exception {
        List<String> rows = Files.readAllLines(csv);
        assertEquals(Timeline.HEADER, rows.getFirst());
        Map<String, long[]> m = new TreeMap<>();
        Map<String, Long> starts = new TreeMap<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals(7, f.length, row);
            String key = f[1] + "/" + f[3] + "/" + f[4];
            long t = Long.parseLong(f[0]);
            if (f[2].equals("start") || f[2].equals("submit")) {
                starts.put(key, t);
                assertEquals("", f[6], row);
            } else {
                long s = Long.parseLong(f[6]);
                assertEquals(starts.remove(key), s, "start_us of " + row + " is not its start row's t_us");
                m.put(key, new long[] {s, t});
            }
        }
        // the waits, from the stage rows: synthesis end → gpu start, gpu end → finalize start
        for (int j = 1; j <= PROOFS; j++) {
            for (int p = 0; p < PARTITIONS; p++) {
                String id = "/" + j + "/" + p;
                m.put("handoffWait" + id, new long[] {m.get("synthesis" + id)[1], m.get("gpu" + id)[0]});
                m.put("finalizeWait" + id, new long[] {m.get("gpu" + id)[1], m.get("finalize" + id)[0]});
            }
        }
        return m;
    }

    @Test
    void barsMatchTheCsvAndIdsAreOneBased() throws Exception {
        Map<String, long[]> fromCsv = csvIntervals();
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        assertFalse(page.contains("<script") || page.contains("http://") && !page.contains("http://www.w3.org/2000/svg")
                || page.contains("https://") || page.contains("@import"), "the page must be self-contained");
        Matcher lanes = LANES.matcher(page);
        assertTrue(lanes.find(), "no lanes group");
        double x0 = Double.parseDouble(lanes.group(1));
        double pxPerS = Double.parseDouble(lanes.group(2));
        double tolUs = 0.002 / pxPerS * 1e6 + 1; // 3-decimal pixels, µs rounding

        Set<Long> jobs = new TreeSet<>();
        Map<String, long[]> drawn = new TreeMap<>();
        Matcher bar = BAR.matcher(page);
        while (bar.find()) {
            String key = bar.group(1) + "/" + bar.group(2) + "/" + bar.group(3);
            double x = Double.parseDouble(bar.group(4));
            double w = Double.parseDouble(bar.group(6));
            assertTrue(w >= 0, key);
            assertNotNull(drawn.put(key, new long[] {Math.round((x - x0) / pxPerS * 1e6),
                    Math.round((x + w - x0) / pxPerS * 1e6)}) == null ? "" : null, "bar drawn twice: " + key);
            jobs.add(Long.parseLong(bar.group(2)));
        }
        assertEquals(Set.of(1L, 2L, 3L), jobs, "proof ids are 1-based like [1/3] and proof-1.json");
        // every per-partition interval of the CSV is one bar, and there is no other bar
        Map<String, long[]> expected = new TreeMap<>(fromCsv);
        expected.keySet().removeIf(k -> k.endsWith("/-1")); // proof and assemble rows are not bars
        assertEquals(expected.keySet(), drawn.keySet());
        assertEquals(PROOFS * PARTITIONS * 5, drawn.size());
        for (var e : expected.entrySet()) {
            long[] d = drawn.get(e.getKey());
            assertEquals(e.getValue()[0], d[0], tolUs, "start of " + e.getKey());
            assertEquals(e.getValue()[1], d[1], tolUs, "end of " + e.getKey());
        }
        // buffer-count lines for every class and an RSS line are drawn
        for (BufferClass c : BufferClass.values()) {
            assertTrue(page.contains("data-series=\"" + c.key + "\""), c.key);
        }
        assertTrue(page.contains("<polyline"), "RSS line");
    }

    @Test
    void svgIsTheSameChartStandalone(@TempDir Path tmp) throws Exception {
        Path svg = tmp.resolve("t.svg");
        try (Timeline t = new Timeline(svg, System.nanoTime() - 2_000_000)) {
            t.event("synthesis", "start", 1, 0, "w0");
            t.buffers(Map.of("synthesizing", 1L));
            t.event("synthesis", "end", 1, 0, "w0");
            t.sample("rss", 100 * MIB);
        }
        String text = Files.readString(svg);
        assertTrue(text.startsWith("<?xml") && text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""), text);
        // well-formed XML, the root an SVG element (what a viewer needs to open the file alone)
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals(1, BAR.matcher(text).results().count());
        List<String> rows = Files.readAllLines(tmp.resolve("t.csv"));
        assertEquals(3, rows.size());
        assertTrue(rows.get(2).matches("\\d+,synthesis,end,1,0,w0,\\d+"), rows.get(2));
    }

    @Test
    void headlessChromiumRendersIt() throws Exception {
        String chromium = findChromium();
        Assumptions.assumeTrue(chromium != null, "no chromium on PATH (scripts/setup-chromium.sh installs it)");
        String page = Files.readString(html);
        Matcher size = SIZE.matcher(page);
        assertTrue(size.find());
        int w = Integer.parseInt(size.group(1)) + 40;
        int h = Integer.parseInt(size.group(2)) + 40;
        Path png = dir.resolve("run.png");
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + dir.resolve("chromium-profile"),
                "--screenshot=" + png, "--window-size=" + w + "," + h, html.toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("chromium.log").toFile()).start();
        assertTrue(p.waitFor(45, TimeUnit.SECONDS), "chromium did not finish in 45 s");
        assertEquals(0, p.exitValue(), () -> "chromium failed: " + read(dir.resolve("chromium.log")));
        assertTrue(Files.size(png) > 0, "no screenshot");
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "not a PNG");
        assertEquals(w, img.getWidth());
        assertEquals(h, img.getHeight());
        // in the lanes panel (body margin 12 px + the group's x0 …, y from the first bar) the bars' colours show
        Matcher first = BAR.matcher(page);
        assertTrue(first.find());
        int top = 12 + Integer.parseInt(first.group(5));
        int colourful = 0;
        int white = 0;
        for (int y = top; y < top + PROOFS * PARTITIONS * 14 && y < img.getHeight(); y++) {
            for (int x = 12 + 130; x < img.getWidth() - 60; x++) {
                int rgb = img.getRGB(x, y) & 0xffffff;
                int r = rgb >> 16;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                if (rgb == 0xffffff) {
                    white++;
                } else if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 40) {
                    colourful++; // a stage colour, not grid grey or the band's light grey
                }
            }
        }
        assertTrue(colourful > 5_000, "too few bar pixels: " + colourful + " (white " + white + ")");
        assertTrue(white > 1_000, "no background: " + white);
        // a copy for people to look at (target/), when the build directory exists
        Path target = Path.of("target");
        if (Files.isDirectory(target)) {
            Files.copy(png, target.resolve("timeline-chart-test.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** chromium (Debian), chromium-browser or google-chrome on PATH, or -Djzk.chromium=PATH. */
    static String findChromium() {
        String explicit = System.getProperty("jzk.chromium");
        if (explicit != null && !explicit.isBlank()) {
            return explicit;
        }
        for (String dirName : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path c = Path.of(dirName, name);
                if (Files.isExecutable(c)) {
                    return c.toString();
                }
            }
        }
        return null;
    }
}
