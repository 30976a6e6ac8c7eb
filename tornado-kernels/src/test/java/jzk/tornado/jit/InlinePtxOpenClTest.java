package jzk.tornado.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jzk.tornado.bls.kernels.NttKernels;
import jzk.tornado.bls.kernels.SortedMsmKernels;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NVIDIA form of the OpenCL C products and sums ({@link InlinePtxOpenCl}), which only NVIDIA's OpenCL runs,
 * checked without it: clang (NVPTX target, standing in for NVIDIA's LLVM-based OpenCL compiler) compiles the
 * generated OpenCL C to PTX, ptxas assembles that for sm_90, every carry-reading instruction directly follows a
 * carry-writing one in clang's output (no chain broken between asm statements), and the {@link PtxInterpreter}
 * runs clang's PTX of the test kernels against BigInteger on {@link ModularOpenClTest}'s edge and random inputs.
 * The real MSM slice sums and NTT pass compile and assemble too. Skipped (with the reason) where clang with the
 * NVPTX target or ptxas is missing; {@code -Djzk.test.clang=PATH} names the clang (default
 * {@code /usr/lib/llvm-15/bin/clang}, else {@code clang} on the PATH).
 *
 * <p>No libclc here, so the work-item built-ins the writer calls are defined on clang's NVPTX builtins
 * ({@link #BUILTINS}); NVIDIA's compiler has its own.
 */
class InlinePtxOpenClTest {
    static final String BUILTINS = """
            size_t __attribute__((overloadable)) get_global_id(uint d) {
                return d == 0u ? (size_t) __nvvm_read_ptx_sreg_ctaid_x() * (size_t) __nvvm_read_ptx_sreg_ntid_x()
                        + (size_t) __nvvm_read_ptx_sreg_tid_x() : 0;
            }
            size_t __attribute__((overloadable)) get_local_id(uint d) {
                return d == 0u ? (size_t) __nvvm_read_ptx_sreg_tid_x() : 0;
            }
            size_t __attribute__((overloadable)) get_group_id(uint d) {
                return d == 0u ? (size_t) __nvvm_read_ptx_sreg_ctaid_x() : 0;
            }
            size_t __attribute__((overloadable)) get_local_size(uint d) {
                return d == 0u ? (size_t) __nvvm_read_ptx_sreg_ntid_x() : 1;
            }
            size_t __attribute__((overloadable)) get_global_size(uint d) {
                return d == 0u ? (size_t) __nvvm_read_ptx_sreg_nctaid_x() * (size_t) __nvvm_read_ptx_sreg_ntid_x() : 1;
            }
            void __attribute__((overloadable)) barrier(cl_mem_fence_flags f) {
                __nvvm_bar_sync(0);
            }
            """;

    private static Path clang;
    private static Path ptxas;

    @BeforeAll
    static void tools() throws Exception {
        ptxas = PtxAssemblyTest.ptxas();
        String named = System.getProperty("jzk.test.clang");
        Path c = Path.of(named != null ? named : "/usr/lib/llvm-15/bin/clang");
        if (!Files.isExecutable(c)) {
            c = onPath("clang");
        }
        if (c != null) {
            Process p = new ProcessBuilder(c.toString(), "--print-targets").redirectErrorStream(true).start();
            String targets = new String(p.getInputStream().readAllBytes());
            clang = p.waitFor(30, TimeUnit.SECONDS) && targets.contains("nvptx64") ? c : null;
        }
    }

    private static Path onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static void assumeTools() {
        Assumptions.assumeTrue(clang != null, "no clang with the NVPTX target (-Djzk.test.clang=PATH)");
        Assumptions.assumeTrue(ptxas != null, "ptxas not on PATH");
    }

    /** clang's PTX of an OpenCL C program (with {@link #BUILTINS}), checked: assembles, no chain broken. */
    private static String clangPtx(Path dir, String name, String openCl) throws Exception {
        Path cl = dir.resolve(name + ".cl");
        Path ptx = dir.resolve(name + ".ptx");
        Files.writeString(cl, BUILTINS + openCl);
        // -fgnu-keywords: clang's OpenCL mode knows only __asm__; NVIDIA's compiler takes asm as written
        run(List.of(clang.toString(), "-x", "cl", "-cl-std=CL1.2", "-target", "nvptx64-nvidia-nvcl", "-O2",
                "-Xclang", "-finclude-default-header", "-fgnu-keywords", "-Wno-everything", "-S", "-o",
                ptx.toString(), cl.toString()), name + " (clang)");
        run(List.of(ptxas.toString(), "-arch=sm_90", "-v", ptx.toString(), "-o", dir.resolve(name + ".cubin")
                .toString()), name + " (ptxas)");
        String text = Files.readString(ptx);
        assertEquals(List.of(), brokenChains(text), name + ": carry readers not right after a carry writer");
        return text;
    }

    private static void run(List<String> cmd, String what) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, what + ": " + log);
        if (what.endsWith("(ptxas)")) {
            System.out.println("[InlinePtxOpenClTest] " + what + " " + log.lines()
                    .filter(l -> l.contains("registers") || l.contains("spill")).toList());
        }
    }

    /** The instructions reading the carry flag whose previous instruction (comments aside) sets none. */
    static List<String> brokenChains(String ptx) {
        List<String> bad = new ArrayList<>();
        String prev = "";
        for (String raw : ptx.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("//")) {
                continue;
            }
            String op = line.split("\\s+")[0];
            if ((op.startsWith("addc") || op.startsWith("subc") || op.startsWith("madc")) && !prev.contains(".cc")) {
                bad.add(line);
            }
            prev = op;
        }
        return bad;
    }

    private static CompiledKernel nvidia(Method kernel) {
        return KernelCompiler.translate(kernel, Target.openCl(true), true, true, true);
    }

    @Test
    void productsAndSumsRunBitExactFromClangsPtx(@TempDir Path dir) throws Exception {
        assumeTools();
        for (int limbs : new int[] {8, 12}) {
            BigInteger m = limbs == 8 ? ModularOpenClTest.FR : ModularOpenClTest.P;
            String mul = limbs == 8 ? "frMul" : "fpMul";
            String addSub = limbs == 8 ? "frAddSub" : "fpAddSub";
            ModularOpenClTest.Pairs c = ModularOpenClTest.pairs(m, limbs,
                    ModularOpenClTest.values(m, limbs, 4, 31 + limbs));
            int n = c.n();
            int[] a = c.a();
            int[] b = c.b();
            int[] wantMul = c.mul();
            int[] wantSum = c.sum();
            int[] wantDiff = c.diff();
            int global = (n + 31) / 32 * 32;
            CompiledKernel km = nvidia(ModularOpenClTest.kernel(mul));
            String ptx = clangPtx(dir, mul, km.source());
            assertTrue(ptx.contains("madc.hi.cc.u32"), mul + ": the inline PTX chains reach clang's output");
            int[] r = new int[limbs * n];
            new PtxInterpreter(ptx).run(km, global, 32, new Object[] {null, r, a, b, n});
            assertArrayEquals(wantMul, r, mul);
            CompiledKernel ks = nvidia(ModularOpenClTest.kernel(addSub));
            String sumPtx = clangPtx(dir, addSub, ks.source());
            int[] s = new int[limbs * n];
            int[] d = new int[limbs * n];
            new PtxInterpreter(sumPtx).run(ks, global, 32, new Object[] {null, s, d, a, b, n});
            assertArrayEquals(wantSum, s, addSub + " a + b");
            assertArrayEquals(wantDiff, d, addSub + " a − b");
        }
    }

    /** The real kernels in the NVIDIA form: the MSM's G1 slice sums (Fp) and an NTT pass (Fr). */
    @Test
    void msmSliceSumsAndNttPassAssemble(@TempDir Path dir) throws Exception {
        assumeTools();
        for (Method k : List.of(method(SortedMsmKernels.class, "sumSlicesG1"), method(NttKernels.class, "pass"))) {
            String src = nvidia(k).source();
            assertTrue(src.contains("asm volatile(\"madc.hi.cc.u32"), k.getName() + ": products as inline PTX");
            clangPtx(dir, k.getName(), src);
        }
    }

    private static Method method(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException(name);
    }
}
