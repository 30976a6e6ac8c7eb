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
 * entry; each iteration propagates constants through the loop's blocks to a fixpoint (inner loops that are still
 * loops go round there), following only the outcome of branches decided by constants; edges back to the header
 * carry the environment of the next iteration. The loop unrolls when some iteration reaches no back edge: then
 * every execution leaves the loop within that many iterations (earlier iterations may leave it too, at a
 * data-dependent {@code break} or {@code return}, whose edges keep their targets outside the loop), and each
 * iteration becomes a copy of its live blocks (inner loops copied as loops), chained header to header, with
 * decided branches turned into jumps. An iteration that starts with the same constants as the one before would
 * repeat forever: the trip count depends on data, and the loop stays. Since registers are not SSA, copies need
 * no renaming or phi repair; each copy's constants (the induction variable, indices, an inner loop's now
 * constant bound) are found by the next {@link ConstantPropagation}, and inner loops unroll in the next round.
 *
 * <p>Limits: at most {@link #MAX_TRIPS} iterations and {@code budget} copied instructions per loop; a loop over
 * the limits, with a data-dependent trip count, or in an irreducible graph is left as it is.
 */
final class LoopUnroller {
    private LoopUnroller() {
    }

    static final int MAX_TRIPS = 1024;

    /**
     * Unrolls the loops of {@code fn} that qualify, inner ones first, skipping headers in {@code failed} (and
     * adding those that do not qualify); true if any was unrolled.
     */
    static boolean unrollAll(Ir.Function fn, int budget, Set<Ir.Block> failed) {
        Cfg cfg = new Cfg(fn);
        List<Cfg.Loop> loops = cfg.loops();
        if (loops == null) {
            return false;
        }
        Map<Ir.Block, ConstantPropagation.Env> in = ConstantPropagation.analyse(fn, cfg);
        // inner loops first; a loop that contains one unrolled in this round waits for the next round's graph
        loops.sort(java.util.Comparator.comparingInt(l -> l.members().size()));
        Set<Ir.Block> touched = new HashSet<>();
        boolean changed = false;
        for (Cfg.Loop l : loops) {
            if (failed.contains(l.header()) || !java.util.Collections.disjoint(l.members(), touched)) {
                continue;
            }
            if (l.header() == fn.entry() || !unroll(fn, cfg, in, l, budget)) {
                failed.add(l.header());
            } else {
                touched.addAll(l.members());
                changed = true;
            }
        }
        return changed;
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
        int total = 0;
        ConstantPropagation.Env start = entry;
        while (true) {
            if (iterations.size() >= MAX_TRIPS) {
                return false;
            }
            // this iteration's blocks to a fixpoint (inner loops that stay loops iterate here); edges to the
            // header belong to the next iteration
            Map<Ir.Block, ConstantPropagation.Env> envs = new HashMap<>();
            Map<Ir.Block, Integer> index = new HashMap<>();
            for (int i = 0; i < l.body().size(); i++) {
                index.put(l.body().get(i), i);
            }
            envs.put(h, start);
            Iteration it = new Iteration(new ArrayList<>(), new HashMap<>());
            Map<Ir.Block, ConstantPropagation.Env> out = new HashMap<>();
            java.util.BitSet work = new java.util.BitSet();
            work.set(0);
            for (int i = work.nextSetBit(0); i >= 0; i = work.nextSetBit(0)) {
                work.clear(i);
                Ir.Block b = l.body().get(i);
                copied += b.insns.size() + 1;
                if (copied > 4L * budget) {
                    return false; // also bounds the work of a fixpoint that goes round inner loops
                }
                ConstantPropagation.Env env = envs.get(b).copy();
                for (Ir.Insn insn : b.insns) {
                    ConstantPropagation.transfer(insn, env);
                }
                List<Ir.Block> succ = b.term instanceof Ir.Return || b.term == null ? List.of()
                        : ConstantPropagation.liveSuccessors(b, env);
                it.succ().put(b, succ);
                out.put(b, env);
                for (Ir.Block s : succ) {
                    if (s != h && l.members().contains(s)) {
                        ConstantPropagation.Env old = envs.get(s);
                        if (old == null) {
                            envs.put(s, env.copy());
                            work.set(index.get(s));
                        } else if (old.meet(env)) {
                            work.set(index.get(s));
                        }
                    }
                }
            }
            ConstantPropagation.Env back = null;
            int size = 0;
            for (Ir.Block b : l.body()) {
                if (!envs.containsKey(b)) {
                    continue;
                }
                it.live().add(b);
                size += b.insns.size() + 1;
                if (it.succ().get(b).contains(h)) {
                    if (back == null) {
                        back = out.get(b).copy();
                    } else {
                        back.meet(out.get(b));
                    }
                }
            }
            total += size;
            if (total > budget) {
                return false;
            }
            iterations.add(it);
            if (back == null) {
                break;
            }
            if (back.values.equals(start.values)) {
                return false; // no progress: the trip count depends on data
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
