package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Graph and dead-code clean-up between and after the optimisation passes: unreachable blocks dropped, a block
 * that only jumps to a block with no other predecessor merged with it, empty jump-only blocks bypassed, blocks laid
 * out in reverse post-order (so most jumps fall through in the writers), and instructions without side effects
 * whose result is never read removed (backward liveness over the registers; stores, atomics, barriers and
 * zero-fills always stay).
 */
final class Cleanup {
    private Cleanup() {
    }

    /** Merges and lays out blocks; drops unreachable ones. */
    static void blocks(Ir.Function fn) {
        boolean changed = true;
        while (changed) {
            changed = bypassEmpty(fn) | mergeChains(fn);
        }
        fn.blocks.clear();
        fn.blocks.addAll(new Cfg(fn).rpo);
    }

    /** Sends edges into empty jump-only blocks to where those jump; true if any edge moved. */
    private static boolean bypassEmpty(Ir.Function fn) {
        Cfg cfg = new Cfg(fn);
        Map<Ir.Block, Ir.Block> forward = new HashMap<>();
        for (Ir.Block b : cfg.rpo) {
            if (b != fn.entry() && b.insns.isEmpty() && b.term instanceof Ir.Jump j && j.target() != b) {
                forward.put(b, j.target());
            }
        }
        boolean changed = false;
        for (Ir.Block b : cfg.rpo) {
            Ir.Terminator t = b.term;
            for (Ir.Block s : Cfg.successors(b)) {
                Ir.Block to = resolve(forward, s);
                if (to != s) {
                    t = Cfg.retarget(t, s, to);
                }
            }
            if (t != b.term) {
                b.term = t;
                changed = true;
            }
        }
        return changed;
    }

    private static Ir.Block resolve(Map<Ir.Block, Ir.Block> forward, Ir.Block b) {
        Ir.Block cur = b;
        for (int guard = 0; guard < 1000 && forward.containsKey(cur); guard++) {
            cur = forward.get(cur);
        }
        return cur;
    }

    /** Merges every jump into a single-predecessor block, in one pass over a fresh graph; true if any. */
    private static boolean mergeChains(Ir.Function fn) {
        Cfg cfg = new Cfg(fn);
        boolean changed = false;
        for (Ir.Block b : cfg.rpo) {
            if (!cfg.order.containsKey(b)) {
                continue;
            }
            while (b.term instanceof Ir.Jump j && j.target() != b && j.target() != fn.entry()
                    && cfg.preds.get(j.target()).size() == 1 && cfg.preds.get(j.target()).get(0) == b) {
                Ir.Block s = j.target();
                b.insns.addAll(s.insns);
                b.term = s.term;
                s.insns.clear();
                s.term = null;
                changed = true;
                cfg.order.remove(s);
                // successors of s now have b as predecessor
                for (Ir.Block t : Cfg.successors(b)) {
                    List<Ir.Block> p = cfg.preds.get(t);
                    p.replaceAll(x -> x == s ? b : x);
                }
            }
        }
        fn.blocks.clear();
        fn.blocks.addAll(new Cfg(fn).rpo);
        return changed;
    }

    /** Removes side-effect-free instructions whose result is dead; true if any was removed. */
    static boolean deadCode(Ir.Function fn) {
        Cfg cfg = new Cfg(fn);
        int n = cfg.rpo.size();
        BitSet[] liveIn = new BitSet[n];
        for (int i = 0; i < n; i++) {
            liveIn[i] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                Ir.Block b = cfg.rpo.get(i);
                BitSet live = liveOut(b, cfg, liveIn);
                for (int k = b.insns.size() - 1; k >= 0; k--) {
                    step(b.insns.get(k), live);
                }
                if (!live.equals(liveIn[i])) {
                    liveIn[i] = live;
                    changed = true;
                }
            }
        }
        boolean removed = false;
        for (int i = 0; i < n; i++) {
            Ir.Block b = cfg.rpo.get(i);
            BitSet live = liveOut(b, cfg, liveIn);
            List<Ir.Insn> kept = new ArrayList<>(b.insns.size());
            for (int k = b.insns.size() - 1; k >= 0; k--) {
                Ir.Insn insn = b.insns.get(k);
                Ir.Var d = ConstantPropagation.dst(insn);
                boolean pure = !(insn instanceof Ir.AtomicAdd);
                if (d != null && pure && !live.get(d.id())
                        || (insn instanceof Ir.MontMul || insn instanceof Ir.LoadWide)
                        && Ir.written(insn).stream().noneMatch(v -> live.get(v.id()))) {
                    removed = true;
                    continue;
                }
                if (insn instanceof Ir.Move m && m.src() instanceof Ir.Var v && v.id() == m.dst().id()) {
                    removed = true;
                    continue;
                }
                step(insn, live);
                kept.add(insn);
            }
            java.util.Collections.reverse(kept);
            b.insns.clear();
            b.insns.addAll(kept);
        }
        return removed;
    }

    private static BitSet liveOut(Ir.Block b, Cfg cfg, BitSet[] liveIn) {
        BitSet live = new BitSet();
        for (Ir.Block s : Cfg.successors(b)) {
            live.or(liveIn[cfg.order.get(s)]);
        }
        if (b.term instanceof Ir.Branch br) {
            use(br.a(), live);
            use(br.b(), live);
        }
        return live;
    }

    private static void step(Ir.Insn insn, BitSet live) {
        Ir.Var d = ConstantPropagation.dst(insn);
        if (d != null) {
            live.clear(d.id());
        }
        switch (insn) {
            case Ir.Move m -> use(m.src(), live);
            case Ir.Unary u -> use(u.a(), live);
            case Ir.Binary b -> {
                use(b.a(), live);
                use(b.b(), live);
            }
            case Ir.Load l -> use(l.index(), live);
            case Ir.Store s -> {
                use(s.index(), live);
                use(s.value(), live);
            }
            case Ir.AtomicAdd a -> {
                use(a.index(), live);
                use(a.value(), live);
            }
            case Ir.MontMul mm -> {
                mm.dst().forEach(v -> live.clear(v.id()));
                mm.a().forEach(o -> use(o, live));
                mm.b().forEach(o -> use(o, live));
            }
            case Ir.LoadWide l -> {
                l.dst().forEach(v -> live.clear(v.id()));
                use(l.index(), live);
            }
            case Ir.StoreWide s -> {
                use(s.index(), live);
                s.values().forEach(o -> use(o, live));
            }
            default -> {
            }
        }
    }

    private static void use(Ir.Operand o, BitSet live) {
        if (o instanceof Ir.Var v) {
            live.set(v.id());
        }
    }
}
