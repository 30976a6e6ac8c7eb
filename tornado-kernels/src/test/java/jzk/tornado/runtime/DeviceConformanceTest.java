package jzk.tornado.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import jzk.tornado.api.Device;
import jzk.tornado.conformance.ConformanceCases;

/**
 * Every JIT conformance case ({@link ConformanceCases#CASES}) on every CUDA / OpenCL device found, compared bit
 * for bit with the jvm device. Absent backends are reported (one skipped test each, with the reason), never
 * silently left out.
 */
class DeviceConformanceTest {
    private static final long SEED = 0x5EED_C0DEL;

    @TestFactory
    List<DynamicTest> everyCaseOnEveryDevice() {
        List<DynamicTest> tests = new ArrayList<>();
        for (var b : TestDevices.registry().backends()) {
            if (b.deviceCount() == 0) {
                tests.add(DynamicTest.dynamicTest("skipped backend " + b.backend(),
                        () -> Assumptions.abort("no " + b.backend() + " device: " + b.problem())));
            }
        }
        Device jvm = TestDevices.jvm();
        for (Device d : TestDevices.native_()) {
            for (ConformanceCases.Case c : ConformanceCases.CASES) {
                ConformanceRunner.Case rc = new ConformanceRunner.Case(c.name(), c.method(), c.globalSize(),
                        c.localSize(), c::arguments);
                tests.add(DynamicTest.dynamicTest(d.name() + " " + c.name(), () -> {
                    ConformanceRunner.Outcome o = ConformanceRunner.run(d, jvm, rc, SEED);
                    assertTrue(o.passed(), o.toString());
                }));
            }
        }
        return tests;
    }
}
