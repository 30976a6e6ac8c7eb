package jzk.tornado.jit;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes one kernel's PTX (sm_90) and NVIDIA-form OpenCL C (inline-PTX products) as the runtime would translate
 * them with the current settings, for comparing our PTX with clang's of the OpenCL C (JIT.md's recipe and
 * bench-results/h200-s7-2026-12-01/ntt-ptx-vs-llvm.md). Usage: {@code KernelSourceDump CLASS METHOD OUTDIR}.
 */
public final class KernelSourceDump {
    private KernelSourceDump() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> c = Class.forName(args[0]);
        Method m = null;
        for (Method x : c.getMethods()) {
            if (x.getName().equals(args[1])) {
                m = x;
            }
        }
        if (m == null) {
            System.err.println("no public method " + args[1] + " in " + args[0]);
            System.exit(2);
        }
        Path out = Path.of(args[2]);
        Files.createDirectories(out);
        Files.writeString(out.resolve(args[1] + ".ptx"), KernelCompiler.translate(m, Target.ptx(90)).source());
        Files.writeString(out.resolve(args[1] + ".cl"), KernelCompiler.translate(m, Target.openCl(true)).source());
        System.out.println("wrote " + out.resolve(args[1] + ".ptx") + " and .cl");
    }
}
