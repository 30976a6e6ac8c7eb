package jzk.tornado.runtime;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jzk.tornado.api.Device;

/** {@link RowCopyChecks} (row copies and cross-stream waits) on every device found: jvm, and PoCL where present. */
class RowCopyTest {
    static List<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void rowsToDeviceChangeExactlyTheRectangle(Device d) {
        RowCopyChecks.rowsToDevice(d);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void rowsToHostChangeExactlyTheRectangle(Device d) {
        RowCopyChecks.rowsToHost(d);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void rowsBetweenSidesOfDifferentSizes(Device d) {
        RowCopyChecks.sidesOfDifferentSizes(d);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void badRectanglesAreRejectedBeforeAnyCopy(Device d) {
        RowCopyChecks.badRectangles(d);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("devices")
    void aStreamWaitsForAnotherStreamsFence(Device d) {
        RowCopyChecks.crossStreamWait(d, TestDevices.jvm());
    }
}
