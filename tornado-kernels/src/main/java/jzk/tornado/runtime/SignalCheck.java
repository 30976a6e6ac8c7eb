package jzk.tornado.runtime;

/**
 * Detects a native library that replaced the JVM's SIGFPE handler. HotSpot turns the hardware trap of an integer
 * division by zero into {@link ArithmeticException}; PoCL (through LLVM) installs its own handler when it is
 * loaded, after which {@code x / 0} silently yields a wrong value on every thread. Preloading the JDK's
 * signal-chaining library ({@code LD_PRELOAD=$JAVA_HOME/lib/libjsig.so}) keeps the JVM's handler in charge.
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

    /** The warning to show when {@link #divisionByZeroThrows()} is false. */
    public static String warning() {
        return "a native library replaced the JVM's SIGFPE handler: Java integer division by zero no longer throws "
                + "(jvm-device kernels and all Java code are affected); start the JVM with LD_PRELOAD="
                + System.getProperty("java.home") + "/lib/libjsig.so";
    }
}
