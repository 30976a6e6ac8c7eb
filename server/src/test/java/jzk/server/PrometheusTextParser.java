package jzk.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (written for the test from the format's
 * description, independent of {@link MetricsText}): every line is a {@code # HELP}, a {@code # TYPE} or a sample;
 * metric and label names match the format's grammar; label values are quoted with only \\, \" and \n escapes;
 * values are floats (or NaN, +Inf, -Inf); a family's TYPE comes before its samples and appears once; a family's
 * samples are contiguous; summary samples are the family name with a {@code quantile} label in [0, 1], or
 * {@code _sum}/{@code _count}; no sample (name + labels) appears twice; the text ends with a newline.
 * Throws {@link IllegalArgumentException} naming the line.
 */
final class PrometheusTextParser {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") (.*)");
    private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|summary|histogram|untyped)");
    private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")(\\{(.*)\\})? (\\S+)( -?\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"");

    record Sample(String name, Map<String, String> labels, double value) {
    }

    static List<Sample> parse(String text) {
        if (!text.endsWith("\n")) {
            throw new IllegalArgumentException("text does not end with a newline");
        }
        Map<String, String> types = new HashMap<>();
        Set<String> closed = new HashSet<>();
        Set<String> seen = new HashSet<>();
        List<Sample> out = new ArrayList<>();
        String current = null;
        int n = 0;
        for (String line : text.split("\n", -1)) {
            n++;
            if (line.isEmpty()) {
                continue;
            }
            Matcher m;
            if (line.startsWith("#")) {
                if ((m = HELP.matcher(line)).matches()) {
                    continue;
                }
                if ((m = TYPE.matcher(line)).matches()) {
                    if (types.put(m.group(1), m.group(2)) != null) {
                        throw bad(n, line, "second TYPE for " + m.group(1));
                    }
                    continue;
                }
                throw bad(n, line, "a comment that is neither HELP nor TYPE");
            }
            if (!(m = SAMPLE.matcher(line)).matches()) {
                throw bad(n, line, "not a sample");
            }
            String name = m.group(1);
            String family = family(name, types);
            if (family == null) {
                throw bad(n, line, "sample before its family's TYPE");
            }
            if (!family.equals(current)) {
                if (current != null) {
                    closed.add(current);
                }
                if (closed.contains(family)) {
                    throw bad(n, line, "samples of " + family + " are not contiguous");
                }
                current = family;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(3) != null && !m.group(3).isEmpty()) {
                for (String part : splitLabels(m.group(3), n, line)) {
                    Matcher l = LABEL.matcher(part);
                    if (!l.matches()) {
                        throw bad(n, line, "bad label " + part);
                    }
                    if (labels.put(l.group(1), l.group(2)) != null) {
                        throw bad(n, line, "label " + l.group(1) + " twice");
                    }
                }
            }
            double v = value(m.group(4), n, line);
            if (types.get(family).equals("summary") && name.equals(family)) {
                String q = labels.get("quantile");
                if (q == null) {
                    throw bad(n, line, "summary sample without quantile");
                }
                double qv = value(q, n, line);
                if (!(qv >= 0 && qv <= 1)) {
                    throw bad(n, line, "quantile outside [0, 1]");
                }
            }
            if (!seen.add(name + labels)) {
                throw bad(n, line, "sample repeated");
            }
            out.add(new Sample(name, labels, v));
        }
        return out;
    }

    private static String family(String name, Map<String, String> types) {
        if (types.containsKey(name)) {
            return name;
        }
        for (String suffix : new String[] {"_sum", "_count", "_bucket"}) {
            if (name.endsWith(suffix)) {
                String f = name.substring(0, name.length() - suffix.length());
                String t = types.get(f);
                if (t != null && (t.equals("summary") || t.equals("histogram"))) {
                    return f;
                }
            }
        }
        return null;
    }

    private static List<String> splitLabels(String s, int n, String line) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && quoted) {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (quoted) {
            throw bad(n, line, "unterminated label value");
        }
        if (start < s.length()) {
            parts.add(s.substring(start));
        }
        return parts;
    }

    private static double value(String s, int n, String line) {
        switch (s) {
            case "NaN":
                return Double.NaN;
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            default:
                if (!s.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
                    throw bad(n, line, "bad value " + s);
                }
                return Double.parseDouble(s);
        }
    }

    private static IllegalArgumentException bad(int n, String line, String why) {
        return new IllegalArgumentException("line " + n + ": " + why + ": " + line);
    }
}
