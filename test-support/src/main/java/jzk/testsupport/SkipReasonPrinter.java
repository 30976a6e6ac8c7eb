package jzk.testsupport;

import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints one console line per skipped test: {@code SKIPPED Class.method: reason}, for tests disabled
 * ({@code @Disabled}, conditions) and tests aborted by a failed assumption, so a test that did not run never
 * passes silently. Registered through {@code META-INF/services} (the JUnit Platform launcher loads it in every
 * module's surefire run, as every module has this one as a test dependency).
 */
public final class SkipReasonPrinter implements TestExecutionListener {

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        print(test, reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            print(test, result.getThrowable().map(Throwable::getMessage).orElse(null));
        }
    }

    private static void print(TestIdentifier test, String reason) {
        System.out.println("SKIPPED " + name(test) + ": " + clean(reason));
        System.out.flush();
    }

    /** {@code SimpleClassName.method} for a method, the simple class name for a class, else the display name. */
    static String name(TestIdentifier test) {
        Optional<TestSource> source = test.getSource();
        if (source.isPresent() && source.get() instanceof MethodSource m) {
            String cls = m.getClassName();
            return cls.substring(cls.lastIndexOf('.') + 1) + "." + m.getMethodName()
                    + (test.getDisplayName().startsWith(m.getMethodName()) ? "" : " [" + test.getDisplayName() + "]");
        }
        if (source.isPresent() && source.get() instanceof ClassSource c) {
            return c.getClassName().substring(c.getClassName().lastIndexOf('.') + 1);
        }
        return test.getDisplayName();
    }

    /** The reason without the words JUnit or the test put in front of it ("Assumption failed:", "SKIPPED:"). */
    static String clean(String reason) {
        if (reason == null || reason.isBlank()) {
            return "(no reason given)";
        }
        String r = reason.strip();
        for (String prefix : new String[] {"Assumption failed:", "SKIPPED:", "SKIPPED"}) {
            if (r.startsWith(prefix)) {
                r = r.substring(prefix.length()).strip();
            }
        }
        return r.isEmpty() ? "(no reason given)" : r;
    }
}
