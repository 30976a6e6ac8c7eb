package jzk.prover.gadgets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jzk.arith.Fr;
import org.junit.jupiter.api.Test;

/** Native Poseidon against the authors' published vector (resource file names its source). */
class PoseidonTest {
    static List<BigInteger[]> vector() throws Exception {
        List<BigInteger[]> lines = new ArrayList<>();
        var in = PoseidonTest.class.getResourceAsStream("poseidonperm_x5_255_3.txt");
        assertNotNull(in);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] parts = line.trim().split("\\s+");
                BigInteger[] v = new BigInteger[parts.length - 1];
                for (int i = 1; i < parts.length; i++) {
                    v[i - 1] = new BigInteger(parts[i].substring(2), 16);
                }
                lines.add(v);
            }
        }
        return lines;
    }

    @Test
    void permutationMatchesPublishedVector() throws Exception {
        List<BigInteger[]> v = vector();
        BigInteger[] in = v.get(0);
        BigInteger[] out = v.get(1);
        long[] state = new long[12];
        for (int i = 0; i < 3; i++) {
            Fr.F.fromBigInteger(state, 4 * i, in[i]);
        }
        Poseidon.permute(PoseidonParams.X5_255_3, state, 0);
        for (int i = 0; i < 3; i++) {
            assertEquals(out[i], Fr.F.toBigInteger(state, 4 * i), "cell " + i);
        }
    }
}
