package jzk.tornado.runtime.backend;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps Java's integer division by zero throwing when PoCL is loaded. HotSpot turns the hardware trap of
 * {@code x / 0} into {@link ArithmeticException} through its SIGFPE handler. PoCL's CPU driver installs its own
 * SIGFPE handler at initialisation (so that a kernel dividing by zero skips the instruction instead of killing the
 * process); PoCL versions before its per-thread filter (Debian's 3.1, for one) apply it to every thread, after
 * which {@code x / 0} in Java silently yields a wrong value.
 *
 * <p>Two remedies: preloading the JDK's signal-chaining library ({@code LD_PRELOAD=$JAVA_HOME/lib/libjsig.so},
 * which keeps the JVM's handler first and chains to PoCL's for non-Java code), or telling PoCL not to install the
 * handler ({@code POCL_SIGFPE_HANDLER=0}). {@link #beforeOpenClLoads()} sets the latter in the process
 * environment unless libjsig is present or the variable is already set; JIT-compiled kernels guard their divisions,
 * so PoCL's handler is not needed for them. {@link #divisionByZeroThrows()} verifies the outcome.
 */
public final class SignalCheck {
    private static volatile int zero;

    private SignalCheck() {
    }

    /** Whether an {@code int} division by zero still throws. */
    public static boolean divisionByZeroThrows() {
        try {
            int r = 1 / zero;
            return r != r;
        } catch (ArithmeticException expected) {
            return true;
        }
    }

    /** Called before libOpenCL.so.1 is loaded: disables PoCL's SIGFPE handler unless libjsig chains signals. */
    @SuppressWarnings("restricted") // setenv from libc, before any OpenCL code runs
    public static void beforeOpenClLoads() {
        if (libjsigLoaded() || System.getenv("POCL_SIGFPE_HANDLER") != null) {
            return;
        }
        Linker linker = Linker.nativeLinker();
        MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT));
        try (Arena a = Arena.ofConfined()) {
            int rc = (int) setenv.invokeExact(a.allocateFrom("POCL_SIGFPE_HANDLER"), a.allocateFrom("0"), 0);
            if (rc != 0) {
                System.err.println("jzk: setenv(POCL_SIGFPE_HANDLER) failed; " + warning());
            }
        } catch (Throwable t) {
            System.err.println("jzk: cannot call setenv (" + t + "); " + warning());
        }
    }

    private static boolean libjsigLoaded() {
        try {
            return Files.readString(Path.of("/proc/self/maps")).contains("libjsig.so");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The warning to show when {@link #divisionByZeroThrows()} is false. */
    public static String warning() {
        return "a native library replaced the JVM's SIGFPE handler: Java integer division by zero no longer throws "
                + "(jvm-device kernels and all Java code are affected); start the JVM with LD_PRELOAD="
                + System.getProperty("java.home") + "/lib/libjsig.so or POCL_SIGFPE_HANDLER=0";
    }
}
