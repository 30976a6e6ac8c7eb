package jzk.tornado.jit;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jzk.tornado.api.KernelContext;

/**
 * A report, not a test: compiles every kernel of the BLS kernel classes to PTX and prints, per kernel, the JIT's
 * time, the PTX size, and what {@code ptxas -v --gpu-name sm_90} says (registers, stack frame, spill bytes, its
 * own time). Run: {@code java -cp <test-classes>:<classes> jzk.tornado.jit.KernelStats [DIR]} (DIR keeps the PTX).
 */
public final class KernelStats {
    static final String[] CLASSES = {"NttKernels", "FieldKernels", "MsmKernels", "SortedMsmKernels",
        "FixedBaseKernels", "ScalarKernels"};

    private KernelStats() {
    }

    /** Every {@code public static void} method with a {@link KernelContext} first parameter, by name. */
    static List<Method> kernels(Class<?> owner) {
        List<Method> out = new ArrayList<>();
        for (Method m : owner.getDeclaredMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && Modifier.isPublic(m.getModifiers())
                    && m.getReturnType() == void.class && m.getParameterCount() > 0
                    && m.getParameterTypes()[0] == KernelContext.class) {
                out.add(m);
            }
        }
        out.sort(Comparator.comparing(Method::getName));
        return out;
    }

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("kstats");
        Files.createDirectories(dir);
        Path ptxas = PtxAssemblyTest.ptxas();
        Pattern regs = Pattern.compile("Used (\\d+) registers");
        Pattern frame = Pattern.compile(
                "(\\d+) bytes stack frame, (\\d+) bytes spill stores, (\\d+) bytes spill loads");
        System.out.printf("%-36s %8s %8s %5s %6s %6s %6s %8s%n", "kernel", "jit_ms", "ptx_kB", "regs", "frame",
                "spillS", "spillL", "ptxas_ms");
        for (String cn : CLASSES) {
            Class<?> owner = Class.forName("jzk.tornado.bls." + cn);
            for (Method m : kernels(owner)) {
                String name = cn + "." + m.getName();
                long t0 = System.nanoTime();
                CompiledKernel k;
                try {
                    k = KernelCompiler.compile(m, Target.ptx(90));
                } catch (RuntimeException e) {
                    System.out.printf("%-36s FAILED %s%n", name, e);
                    continue;
                }
                long jit = (System.nanoTime() - t0) / 1_000_000;
                Path src = dir.resolve(name + ".ptx");
                Files.writeString(src, k.source());
                String r = "-", f = "-", ss = "-", sl = "-";
                long pt = -1;
                if (ptxas != null) {
                    long p0 = System.nanoTime();
                    Process p = new ProcessBuilder(List.of(ptxas.toString(), "-v", "--gpu-name", "sm_90",
                            src.toString(), "-o", dir.resolve(name + ".cubin").toString()))
                            .redirectErrorStream(true).start();
                    String log = new String(p.getInputStream().readAllBytes());
                    p.waitFor(600, TimeUnit.SECONDS);
                    pt = (System.nanoTime() - p0) / 1_000_000;
                    Matcher mr = regs.matcher(log);
                    Matcher mf = frame.matcher(log);
                    if (mr.find()) {
                        r = mr.group(1);
                    }
                    if (mf.find()) {
                        f = mf.group(1);
                        ss = mf.group(2);
                        sl = mf.group(3);
                    }
                    if (p.exitValue() != 0) {
                        r = "ERR";
                        System.out.println(log);
                    }
                }
                System.out.printf("%-36s %8d %8d %5s %6s %6s %6s %8d%n", name, jit, k.source().length() / 1024, r, f,
                        ss, sl, pt);
            }
        }
    }
}
