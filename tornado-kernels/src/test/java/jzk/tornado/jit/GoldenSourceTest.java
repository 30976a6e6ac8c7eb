package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jzk.tornado.conformance.ConformanceCases;
import jzk.tornado.conformance.ConformanceCases.Case;

/**
 * Golden sources: the exact PTX and OpenCL C of two small kernels (the TornadoVM regression cases), kept as
 * resources under {@code golden/}. They are change detectors, reviewed by a person when the writers change,
 * not correctness claims (correctness is checked by running every kernel: {@link PtxConformanceTest},
 * {@code jzk.tornado.runtime.DeviceConformanceTest}). To regenerate after an intended change, run this test with
 * {@code -Djzk.jit.updateGolden=src/test/resources/jzk/tornado/jit/golden} (from {@code tornado-kernels/})
 * and review the diff.
 */
class GoldenSourceTest {
    @ParameterizedTest
    @CsvSource({"regressionUnsignedShift, ptx", "regressionUnsignedShift, cl", "regressionCompareUnsigned, ptx",
        "regressionCompareUnsigned, cl"})
    void sourceMatchesGoldenFile(String kernel, String ext) throws IOException {
        // the files hold the default settings' sources, with the vector accesses (WideAccesses) on, their index unfolded
        org.junit.jupiter.api.Assumptions.assumeTrue(WideAccesses.ENABLED && !WideAccesses.FOLD_INDEX,
                "golden sources are of the default form");
        Case c = ConformanceCases.CASES.stream().filter(x -> x.name().equals(kernel)).findFirst().orElseThrow();
        String source = KernelCompiler.compile(c.method(), ext.equals("ptx") ? Target.ptx(90) : Target.openCl())
                .source();
        String file = kernel + "." + ext;
        String update = System.getProperty("jzk.jit.updateGolden");
        if (update != null) {
            Files.writeString(Path.of(update, file), source);
        }
        try (InputStream in = GoldenSourceTest.class.getResourceAsStream("golden/" + file)) {
            assertNotNull(in, "missing golden file " + file);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), source, file);
        }
    }
}
