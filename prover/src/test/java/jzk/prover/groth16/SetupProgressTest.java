package jzk.prover.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jzk.prover.r1cs.R1cs;
import jzk.prover.r1cs.Synthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Progress lines of parameter generation ({@link SetupEngine#progress}): with the interval forced to 0 and pieces of
 * 7 points, every piece of every key section prints one well-formed line whose totals are the section sizes
 * computed here from the constraint system; done counts climb by 7 to the total, the last line of a section has
 * ETA 0. The pieces give the same parameter file, byte for byte, as the unpieced CPU path. With the CLI's default
 * 2 s interval a tiny generation prints nothing.
 */
class SetupProgressTest {
    private static final Pattern LINE =
            Pattern.compile("setup: (\\w+) (\\d+)/(\\d+) points, (\\d+)/s, ETA (\\d+) s");

    @TempDir
    Path tmp;

    private byte[] file(String name, ProvingKey pk, byte[] id) throws Exception {
        Path f = tmp.resolve(name);
        ParamsFile.write(f, pk, id);
        return Files.readAllBytes(f);
    }

    @Test
    void everyPieceOfEverySectionIsReported() throws Exception {
        R1cs cs = Synthesizer.record(TestCircuits.powerChain(3, 4, 40, false)); // domain 2^6
        long[] w = Setup.toxicWaste(new Random(5));
        ProvingKey plain = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16);
        List<String> lines = new ArrayList<>();
        ProvingKey pieced;
        try (SetupEngine e = SetupEngine.cpu().progress(lines::add, 0, 7)) {
            pieced = Setup.generate(cs, w, 0, w, 4, w, 8, w, 12, w, 16, e);
        }
        byte[] id = ParamsFile.shapeId(cs);
        assertArrayEquals(file("plain.params", plain, id), file("pieced.params", pieced, id));

        int nVars = cs.numVariables();
        int nPub = cs.numInputs();
        Map<String, Integer> expected = new LinkedHashMap<>();
        expected.put("a", nVars);
        expected.put("b_g1", nVars);
        expected.put("b_g2", nVars);
        expected.put("ic", nPub + 1);
        expected.put("l", nVars - nPub - 1);
        expected.put("h", (1 << 6) - 1);
        List<String> sections = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Integer> s : expected.entrySet()) {
            int total = s.getValue();
            for (int done = Math.min(7, total); ; done = Math.min(done + 7, total)) {
                String line = lines.get(i++);
                Matcher m = LINE.matcher(line);
                assertTrue(m.matches(), "malformed: " + line);
                assertEquals(s.getKey(), m.group(1), line);
                assertEquals(done, Integer.parseInt(m.group(2)), line);
                assertEquals(total, Integer.parseInt(m.group(3)), line);
                assertTrue(Long.parseLong(m.group(4)) > 0, "rate: " + line);
                if (done == total) {
                    assertEquals("0", m.group(5), "ETA at the end: " + line);
                    break;
                }
            }
            sections.add(s.getKey());
        }
        assertEquals(i, lines.size(), "no lines beyond the sections: " + lines);
        assertEquals(List.copyOf(expected.keySet()), sections);
    }

    @Test
    void aShortGenerationPrintsNothingAtTheDefaultInterval() {
        R1cs cs = Synthesizer.record(TestCircuits.powerChain(3, 4, 40, false));
        List<String> lines = new ArrayList<>();
        try (SetupEngine e = SetupEngine.cpu().progress(lines::add)) {
            Setup.generate(cs, new Random(6), e);
        }
        assertEquals(List.of(), lines);
    }
}
