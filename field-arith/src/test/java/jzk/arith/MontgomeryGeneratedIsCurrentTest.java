package jzk.arith;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The committed generated file is exactly what {@link MontgomeryGenerator} writes now. */
class MontgomeryGeneratedIsCurrentTest {
    @Test
    void committedFileMatchesGenerator() throws IOException {
        String committed = Files.readString(MontgomeryGenerator.OUTPUT, StandardCharsets.UTF_8);
        assertEquals(MontgomeryGenerator.generate(), committed,
                MontgomeryGenerator.OUTPUT + " is stale or hand-edited: run scripts/regenerate-montgomery.sh");
    }

    @Test
    void generatorModuliAreTheFieldModuli() {
        assertEquals(Fp.P, MontgomeryGenerator.FP_MODULUS);
        assertEquals(Fr.R, MontgomeryGenerator.FR_MODULUS);
    }
}
