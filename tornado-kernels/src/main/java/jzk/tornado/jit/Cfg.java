package jzk.tornado.jit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The control-flow graph of an {@link Ir.Function} at one moment: successors, predecessors, reverse post-order
 * from the entry, dominators (Cooper, Harvey, Kennedy, "A Simple, Fast Dominance Algorithm", 2001) and natural
 * loops (an edge u → h with h dominating u is a back edge; the loop of h is every block that reaches such a u
 * without passing h, plus h). Only blocks reachable from the entry appear. A snapshot: passes that change the
 * graph build a new one.
 */
final class Cfg {
    final List<Ir.Block> rpo = new ArrayList<>();
    final Map<Ir.Block, Integer> order = new HashMap<>();
    final Map<Ir.Block, List<Ir.Block>> preds = new HashMap<>();
    private int[] idom;

    Cfg(Ir.Function fn) {
        Ir.Block entry = fn.entry();
        // iterative depth-first post-order
        List<Ir.Block> post = new ArrayList<>();
        Set<Ir.Block> seen = new java.util.HashSet<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        seen.add(entry);
        stack.push(new Object[] {entry, successors(entry), 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            @SuppressWarnings("unchecked")
            List<Ir.Block> succ = (List<Ir.Block>) top[1];
            int i = (Integer) top[2];
            if (i < succ.size()) {
                top[2] = i + 1;
                Ir.Block s = succ.get(i);
                if (seen.add(s)) {
                    stack.push(new Object[] {s, successors(s), 0});
                }
            } else {
                post.add((Ir.Block) top[0]);
                stack.pop();
            }
        }
        for (int i = post.size() - 1; i >= 0; i--) {
            order.put(post.get(i), rpo.size());
            rpo.add(post.get(i));
        }
        for (Ir.Block b : rpo) {
            preds.put(b, new ArrayList<>());
        }
        for (Ir.Block b : rpo) {
            for (Ir.Block s : successors(b)) {
                preds.get(s).add(b);
            }
        }
    }

    /** Successors of {@code b} in branch order (a branch's two targets once each when equal). */
    static List<Ir.Block> successors(Ir.Block b) {
        return switch (b.term) {
            case null -> List.of();
            case Ir.Return r -> List.of();
            case Ir.Jump j -> List.of(j.target());
            case Ir.Branch br -> br.ifTrue() == br.ifFalse() ? List.of(br.ifTrue())
                    : List.of(br.ifTrue(), br.ifFalse());
        };
    }

    /** {@code t} with every edge to {@code from} redirected to {@code to}. */
    static Ir.Terminator retarget(Ir.Terminator t, Ir.Block from, Ir.Block to) {
        return switch (t) {
            case Ir.Jump j -> j.target() == from ? new Ir.Jump(to) : j;
            case Ir.Branch br -> new Ir.Branch(br.cond(), br.a(), br.b(), br.ifTrue() == from ? to : br.ifTrue(),
                    br.ifFalse() == from ? to : br.ifFalse());
            case null -> null;
            default -> t;
        };
    }

    private void dominators() {
        int n = rpo.size();
        idom = new int[n];
        java.util.Arrays.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = 1; b < n; b++) {
                int nd = -1;
                for (Ir.Block p : preds.get(rpo.get(b))) {
                    int pi = order.get(p);
                    if (idom[pi] < 0) {
                        continue;
                    }
                    nd = nd < 0 ? pi : intersect(pi, nd);
                }
                if (nd != idom[b]) {
                    idom[b] = nd;
                    changed = true;
                }
            }
        }
    }

    private int intersect(int a, int b) {
        while (a != b) {
            while (a > b) {
                a = idom[a];
            }
            while (b > a) {
                b = idom[b];
            }
        }
        return a;
    }

    boolean dominates(Ir.Block a, Ir.Block b) {
        if (idom == null) {
            dominators();
        }
        int ai = order.get(a);
        int bi = order.get(b);
        while (bi > ai) {
            bi = idom[bi];
        }
        return bi == ai;
    }

    /** A natural loop: its header and its blocks (header included), in reverse post-order. */
    record Loop(Ir.Block header, List<Ir.Block> body, Set<Ir.Block> members) {
    }

    /**
     * The natural loops, one per header, or null when the graph has a retreating edge to a block that does not
     * dominate its source (an irreducible graph, which Java source does not produce).
     */
    List<Loop> loops() {
        Map<Ir.Block, Set<Ir.Block>> byHeader = new HashMap<>();
        for (Ir.Block u : rpo) {
            for (Ir.Block h : successors(u)) {
                if (order.get(h) > order.get(u)) {
                    continue;
                }
                if (!dominates(h, u)) {
                    return null;
                }
                Set<Ir.Block> body = byHeader.computeIfAbsent(h, k -> new LinkedHashSet<>(List.of(k)));
                Deque<Ir.Block> work = new ArrayDeque<>();
                if (body.add(u)) {
                    work.push(u);
                }
                while (!work.isEmpty()) {
                    for (Ir.Block p : preds.get(work.pop())) {
                        if (body.add(p)) {
                            work.push(p);
                        }
                    }
                }
            }
        }
        List<Loop> out = new ArrayList<>();
        for (Map.Entry<Ir.Block, Set<Ir.Block>> e : byHeader.entrySet()) {
            List<Ir.Block> body = new ArrayList<>(e.getValue());
            body.sort(java.util.Comparator.comparingInt(order::get));
            out.add(new Loop(e.getKey(), body, e.getValue()));
        }
        return out;
    }
}
