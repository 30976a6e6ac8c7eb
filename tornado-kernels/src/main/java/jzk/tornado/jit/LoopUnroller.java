package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Full unrolling of loops whose trip count is known at compile time (after {@link ConstantPropagation}): the
 * limb loops of the field arithmetic, whose bounds are {@code limbs(f)} with a constant field selector.
 *
 * <p>Method: the loop is run symbolically. Iteration 0 starts at the header with the constants that hold on
 * entry; each iteration evaluates its blocks in reverse post-order (the body of an innermost natural loop less
 * its back edges is acyclic), following only branches whose outcome is unknown or known true/false, so the
 * environment at the back edges gives the next iteration's. The loop unrolls when some iteration leaves it on
 * every path and every earlier one stays in it on every path: then the trip count is the same for every execution
 * and each iteration becomes a copy of its live blocks, chained header to header, with decided branches turned
 * into jumps. Since registers are not SSA, copies need no renaming or phi repair; the constants of each copy
 * (the induction variable, indices) are found by the next {@link ConstantPropagation}.
 *
 * <p>Limits: innermost loops only (an outer loop becomes innermost once its inner loops are unrolled), at most
 * {@link #MAX_TRIPS} iterations and {@code budget} copied instructions per loop; a loop over the limits, with a
 * data-dependent trip count, or in an irreducible graph is left as it is.
 */
final class LoopUnroller {
    private LoopUnroller() {
    }

    static final int MAX_TRIPS = 1024;

    /**
     * Unrolls every innermost loop of {@code fn} that qualifies, skipping headers in {@code failed} (and adding
     * those that do not qualify); true if any was unrolled.
     */
    static boolean unrollInnermost(Ir.Function fn, int budget, Set<Ir.Block> failed) {
        Cfg cfg = new Cfg(fn);
        List<Cfg.Loop> loops = cfg.loops();
        if (loops == null) {
            return false;
        }
        Map<Ir.Block, ConstantPropagation.Env> in = ConstantPropagation.analyse(fn, cfg);
        boolean changed = false;
        for (Cfg.Loop l : loops) {
            if (failed.contains(l.header()) || !innermost(l, loops)) {
                continue;
            }
            if (l.header() == fn.entry() || !unroll(fn, cfg, in, l, budget)) {
                failed.add(l.header());
            } else {
                changed = true;
            }
        }
        return changed;
    }

    private static boolean innermost(Cfg.Loop l, List<Cfg.Loop> all) {
        for (Cfg.Loop o : all) {
            if (o != l && l.members().contains(o.header())) {
                return false;
            }
        }
        return true;
    }

    /** One iteration's live blocks and, per live block, its live successors. */
    private record Iteration(List<Ir.Block> live, Map<Ir.Block, List<Ir.Block>> succ) {
    }

    private static boolean unroll(Ir.Function fn, Cfg cfg, Map<Ir.Block, ConstantPropagation.Env> in, Cfg.Loop l,
                                  int budget) {
        Ir.Block h = l.header();
        // the constants on entry: meet over the edges from outside the loop
        ConstantPropagation.Env entry = null;
        for (Ir.Block p : cfg.preds.get(h)) {
            if (l.members().contains(p)) {
                continue;
            }
            ConstantPropagation.Env e = in.get(p);
            if (e == null) {
                continue;
            }
            e = e.copy();
            for (Ir.Insn insn : p.insns) {
                ConstantPropagation.transfer(insn, e);
            }
            if (!ConstantPropagation.liveSuccessors(p, e).contains(h)) {
                continue;
            }
            if (entry == null) {
                entry = e;
            } else {
                entry.meet(e);
            }
        }
        if (entry == null) {
            return false;
        }
        List<Iteration> iterations = new ArrayList<>();
        int copied = 0;
        ConstantPropagation.Env start = entry;
        while (true) {
            if (iterations.size() >= MAX_TRIPS) {
                return false;
            }
            Map<Ir.Block, ConstantPropagation.Env> envs = new HashMap<>();
            envs.put(h, start);
            Iteration it = new Iteration(new ArrayList<>(), new HashMap<>());
            ConstantPropagation.Env back = null;
            boolean exits = false;
            for (Ir.Block b : l.body()) {
                ConstantPropagation.Env env = envs.get(b);
                if (env == null) {
                    continue;
                }
                it.live().add(b);
                copied += b.insns.size() + 1;
                if (copied > budget) {
                    return false;
                }
                env = env.copy();
                for (Ir.Insn insn : b.insns) {
                    ConstantPropagation.transfer(insn, env);
                }
                List<Ir.Block> succ = b.term instanceof Ir.Return || b.term == null ? List.of()
                        : ConstantPropagation.liveSuccessors(b, env);
                it.succ().put(b, succ);
                if (succ.isEmpty()) {
                    exits = true;
                }
                for (Ir.Block s : succ) {
                    if (s == h) {
                        if (back == null) {
                            back = env.copy();
                        } else {
                            back.meet(env);
                        }
                    } else if (!l.members().contains(s)) {
                        exits = true;
                    } else {
                        ConstantPropagation.Env old = envs.get(s);
                        if (old == null) {
                            envs.put(s, env.copy());
                        } else {
                            old.meet(env);
                        }
                    }
                }
            }
            iterations.add(it);
            if (back != null && exits) {
                return false; // the trip count depends on data
            }
            if (back == null) {
                break;
            }
            start = back;
        }
        emit(fn, l, iterations);
        return true;
    }

    private static void emit(Ir.Function fn, Cfg.Loop l, List<Iteration> iterations) {
        List<Map<Ir.Block, Ir.Block>> copies = new ArrayList<>();
        for (Iteration it : iterations) {
            Map<Ir.Block, Ir.Block> m = new HashMap<>();
            for (Ir.Block b : it.live()) {
                Ir.Block c = fn.newBlock();
                c.insns.addAll(b.insns);
                m.put(b, c);
            }
            copies.add(m);
        }
        Ir.Block h = l.header();
        for (int k = 0; k < iterations.size(); k++) {
            Iteration it = iterations.get(k);
            Map<Ir.Block, Ir.Block> m = copies.get(k);
            for (Ir.Block b : it.live()) {
                Ir.Block c = m.get(b);
                List<Ir.Block> succ = it.succ().get(b);
                if (b.term instanceof Ir.Return || b.term == null) {
                    c.term = b.term;
                } else if (succ.size() == 1) {
                    c.term = new Ir.Jump(map(succ.get(0), h, l, m, copies, k));
                } else {
                    Ir.Branch br = (Ir.Branch) b.term;
                    c.term = new Ir.Branch(br.cond(), br.a(), br.b(), map(br.ifTrue(), h, l, m, copies, k),
                            map(br.ifFalse(), h, l, m, copies, k));
                }
            }
        }
        // every edge into the loop enters at its header (a natural loop): send them to the first copy. All
        // blocks are scanned, not only the predecessors in the graph the loop was found in, since a loop
        // unrolled earlier in the same round may have copied a predecessor.
        Ir.Block first = copies.get(0).get(h);
        Set<Ir.Block> dead = new HashSet<>(l.members());
        fn.blocks.removeIf(dead::contains);
        for (Ir.Block p : fn.blocks) {
            p.term = Cfg.retarget(p.term, h, first);
        }
    }

    private static Ir.Block map(Ir.Block target, Ir.Block h, Cfg.Loop l, Map<Ir.Block, Ir.Block> m,
                                List<Map<Ir.Block, Ir.Block>> copies, int k) {
        if (target == h) {
            return copies.get(k + 1).get(h);
        }
        if (!l.members().contains(target)) {
            return target;
        }
        return m.get(target);
    }
}
