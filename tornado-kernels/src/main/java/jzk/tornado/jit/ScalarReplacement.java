package jzk.tornado.jit;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jzk.tornado.config.RuntimeConfig;

/**
 * Scalar replacement of private arrays: a {@code new int[K]}/{@code new long[K]} whose every access, after
 * unrolling and constant propagation, has a constant in-range index becomes K registers, so it lives in hardware
 * registers instead of PTX {@code .local} / an OpenCL private array (which a device compiler may leave in
 * memory). Loads and stores become moves, the allocation's zero-fill K moves of 0.
 *
 * <p>Limits: arrays of at most {@link #MAX_ELEMENTS} elements (register pressure; {@code -Djzk.jit.scalarMax=N},
 * read once, or a kernel's {@link jzk.tornado.api.JitLimits#scalarMax}); an array with one access at
 * a varying or out-of-range index (its behaviour undefined on the device, JIT.md) stays in memory whole.
 */
final class ScalarReplacement {
    private ScalarReplacement() {
    }

    static final int MAX_ELEMENTS = RuntimeConfig.get().jitScalarMax();

    /** Replaces every qualifying private array of {@code fn} (at most {@code maxElements} long); true if any was. */
    static boolean run(Ir.Function fn, int maxElements) {
        Set<Ir.ArrayBase> rejected = new HashSet<>();
        Set<Ir.ArrayBase> used = new HashSet<>();
        for (Ir.Block b : fn.blocks) {
            for (Ir.Insn insn : b.insns) {
                Ir.ArrayBase a = null;
                Ir.Operand index = null;
                switch (insn) {
                    case Ir.Load l -> {
                        a = l.array();
                        index = l.index();
                    }
                    case Ir.Store s -> {
                        a = s.array();
                        index = s.index();
                    }
                    case Ir.AtomicAdd at -> rejected.add(at.array());
                    case Ir.LoadWide l -> rejected.add(l.array());
                    case Ir.StoreWide s -> rejected.add(s.array());
                    case Ir.ZeroFill z -> used.add(z.array());
                    default -> {
                    }
                }
                if (a == null || a.space != Ir.Space.PRIVATE) {
                    continue;
                }
                used.add(a);
                if (!(index instanceof Ir.Const c) || c.value() < 0 || c.value() >= a.length) {
                    rejected.add(a);
                }
            }
        }
        Map<Ir.ArrayBase, Ir.Var[]> scalars = new HashMap<>();
        for (Ir.ArrayBase a : fn.arrays) {
            if (a.space == Ir.Space.PRIVATE && !rejected.contains(a) && a.length <= maxElements) {
                Ir.Var[] v = new Ir.Var[a.length];
                if (used.contains(a)) {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = fn.newVar(a.elem);
                    }
                }
                scalars.put(a, v);
            }
        }
        if (scalars.isEmpty()) {
            return false;
        }
        for (Ir.Block b : fn.blocks) {
            List<Ir.Insn> out = new java.util.ArrayList<>(b.insns.size());
            for (Ir.Insn insn : b.insns) {
                switch (insn) {
                    case Ir.Load l when scalars.containsKey(l.array()) ->
                            out.add(new Ir.Move(l.dst(), scalars.get(l.array())[index(l.index())]));
                    case Ir.Store s when scalars.containsKey(s.array()) ->
                            out.add(new Ir.Move(scalars.get(s.array())[index(s.index())], s.value()));
                    case Ir.ZeroFill z when scalars.containsKey(z.array()) -> {
                        for (Ir.Var v : scalars.get(z.array())) {
                            out.add(new Ir.Move(v, new Ir.Const(v.type(), 0)));
                        }
                    }
                    default -> out.add(insn);
                }
            }
            b.insns.clear();
            b.insns.addAll(out);
        }
        fn.arrays.removeIf(scalars::containsKey);
        return true;
    }

    private static int index(Ir.Operand o) {
        return (int) ((Ir.Const) o).value();
    }
}
