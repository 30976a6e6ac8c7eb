package jzk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jzk.tornado.api.BackendStatus;
import jzk.tornado.runtime.Devices;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code jzk --version} and {@code jzk version} print: the jzk version, the git commit the classes were
 * run from (the checkout that holds them; "unknown" outside one), the JDK, and each backend with the devices
 * it found or why it found none.
 */
final class VersionProvider implements IVersionProvider {

    static final String VERSION = "0.1.0";

    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("jzk " + VERSION + " (commit " + commit() + ")");
        lines.add("JDK " + Runtime.version() + " (" + System.getProperty("java.vendor", "?") + ", "
                + System.getProperty("java.home", "?") + ")");
        for (BackendStatus b : Devices.backends()) {
            lines.add("backend " + b.describe());
        }
        return lines.toArray(String[]::new);
    }

    /** The short commit of the checkout holding these classes, "+ changes" when it has uncommitted ones. */
    static String commit() {
        try {
            Path here = Path.of(VersionProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path d = here; d != null; d = d.getParent()) {
                if (Files.exists(d.resolve(".git"))) {
                    String head = git(d, "rev-parse", "--short=10", "HEAD");
                    if (head == null) {
                        return "unknown";
                    }
                    String changes = git(d, "status", "--porcelain", "--untracked-files=no");
                    return head + (changes != null && !changes.isEmpty() ? " + uncommitted changes" : "");
                }
            }
        } catch (Exception e) {
            // no code source, no git: the commit is unknown
        }
        return "unknown";
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroy();
            return null;
        }
        return out;
    }
}
