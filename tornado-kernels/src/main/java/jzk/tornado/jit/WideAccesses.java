package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

import jzk.tornado.config.RuntimeConfig;

/**
 * Combines scalar global and shared accesses into 16-byte vector accesses ({@link Ir.LoadWide}, {@link Ir.StoreWide};
 * PTX {@code ld.global.v4.u32}, OpenCL {@code *(__global uint4*)}): a 32-byte Fr element read limb by limb is two
 * 16-byte transactions instead of eight 4-byte ones. Run last by {@link Optimizer} under {@code -Djzk.jit.wideAccess}
 * (read once, default true), followed by dead-code removal (the index additions of the dropped accesses).
 *
 * <p>What is combined: within one basic block, exactly w = 16 / elemBytes scalar {@code Load}s (or {@code Store}s) of
 * one GLOBAL or SHARED array (never PRIVATE, which ptxas keeps in registers or local memory, nor CONST) at indices
 * {@code x + c0, x + c0 + 1, …, x + c0 + w − 1}, each index once, where x is one value and the group is provably
 * aligned: {@code c0 ≡ 0 (mod w)} and x has at least log2(w) known trailing zero bits (then
 * {@code (x + c0)·elemBytes ≡ 0 (mod 16)}; every array base is 16-byte aligned: device allocations are, and shared
 * arrays are declared {@code .align 16} / {@code aligned(16)} when the kernel has vector accesses). Partial groups stay
 * scalar.
 *
 * <p>"The same x": registers are not SSA (one register per Java local or stack depth, reassigned freely), so indices
 * are compared by local value numbering: walking the block, each register holds a value {@code root + off} where
 * {@code off} is a constant (additions and subtractions of constants move the offset; constants are root 0) and a root
 * is the register's value at block entry, or one pure operation over values (hash-consed, so {@code r·8} computed twice
 * is one root), or an opaque result (loads, specials, products). Two indices with one root differ by their constant
 * offsets, whatever registers carried them.
 *
 * <p>Known trailing zeros of a root: for a register at block entry, a forward dataflow fixpoint over the CFG (the
 * minimum over the predecessors' exits; parameters, loads and specials 0, constants exact; a flow-sensitive refinement
 * of the minimum over all the register's definitions, which suffices for soundness since a non-SSA register always
 * holds one of its definitions' results, but is too weak for javac's operand-stack registers, reused for every
 * expression); for an operation, from its operands: {@code a << k} adds k,
 * {@code a·b} and {@code mulwide} add, {@code &} takes the maximum, {@code + − | ^ min max} the minimum, widening and
 * negation keep it.
 *
 * <p>Rewrite and hazards. Registers: a vector load goes to the first load's position into fresh registers, and each
 * original load becomes a move from its lane at its own position; each original store becomes a move of its value
 * into a fresh register at its own position, and the vector store of those goes to the last store's position. So every
 * register holds what it held before at every point (javac's operand-stack registers carry each limb in turn; ptxas
 * drops the moves). Memory (the span is from the group's first to its last access; other instructions there are
 * non-members): a vector load may not cross a store, vector store or atomic of the same address space, nor a barrier
 * (different global parameters may alias: the NTT passes run in place); a vector store may not cross a load, store or
 * atomic of the same space, nor a barrier, except the stores of another vector store group that is kept too and whose
 * lanes are each written in the same order relative to this group's as the two groups' last stores (the NTT passes
 * store two elements limb by limb, interleaved): two aligned 16-byte vectors are equal or disjoint, so each word ends
 * with the same last writer. These are checked on the block as read, members of other groups included; groups may
 * then overlap: loads commute, and a moved store or load lands on a position where the block had a same-space access,
 * which every overlapping same-space load group saw and refused.
 *
 * <p>The vector access's index: by default ({@link #FOLD_INDEX} false) the first (load) or last (store) member's index
 * register at that position, plus {@code c0 − c} in a fresh register when that member is not the one at {@code c0}
 * (a store group's last member is at {@code c0 + w − 1}: an addition of {@code −(w − 1)} PTX cannot fold); a constant
 * when the root is the constant 0. Under {@code -Djzk.jit.foldVectorIndex} it is a fresh register set to
 * {@code y + (c0 − k)} right after the latest point before the first access where a register y held
 * {@code root + k}, the smallest such {@code k ≤ c0} (so PTX folds {@code c0 − k} into the address and ptxas shares
 * {@code base + 4·root} between the groups of one element: {@code [a]}, {@code [a+16]}), except for a shared-memory load
 * group whose first member is the one at {@code c0}, which keeps that member's register (it needs no addition; given a
 * source, ptxas shares one address between an element's two halves and {@code NttKernels.pass4q} spilled 4 bytes under
 * its cap of 64 registers, with no fewer SASS instructions: 1584 either way, ptxas 13.0 sm_90).
 */
final class WideAccesses {
    private WideAccesses() {
    }

    /**
     * {@code -Djzk.jit.wideAccess} (default true since session 8's H200 A/B: NTT 2^24 6.917 → 4.683 ms): whether
     * {@link Optimizer} runs this pass.
     */
    static final boolean ENABLED = RuntimeConfig.get().jitWideAccess();
    /**
     * {@code -Djzk.jit.foldVectorIndex} (default false until measured on the H200): whether the vector index comes from
     * a source (the class comment's placement that lets PTX fold the offset) rather than the member's index register.
     */
    static final boolean FOLD_INDEX = RuntimeConfig.get().jitFoldVectorIndex();
    /** Groups spanning more instructions are left alone (bounds the checks; limbs of one element are adjacent). */
    private static final int MAX_SPAN = 4096;
    /** Blocks × registers above which the analysis (a byte per register per block) is not run: the kernel stays scalar. */
    private static final long MAX_BOUNDS = 64L << 20;

    /** A value in local value numbering: {@code root + off} (off normalised to the type's width). */
    private record Value(int root, long off) {
    }

    /** One scalar access of the block: its position, the index as a value, and the load's dst or store's value. */
    private record Access(int pos, boolean load, Ir.ArrayBase array, Ir.Operand index, Value value, Ir.Var dst,
                          Ir.Operand stored) {
    }

    /** Register {@code var} holds {@code root + off} right after position {@code pos} of the block (−1: at its start). */
    private record Source(int pos, Ir.Var var, long off) {
    }

    /**
     * w accesses, by slot; {@code source}: where a register held the root plus at most c0 before the first access (the
     * vector index is computed there, so PTX folds {@code c0 − off} into the address), or null (the member's index
     * register, {@link #wideIndex}).
     */
    private record Group(List<Access> slots, Source source) {
        int first() {
            return slots.stream().mapToInt(Access::pos).min().orElseThrow();
        }

        int last() {
            return slots.stream().mapToInt(Access::pos).max().orElseThrow();
        }
    }

    /** Rewrites every qualifying group of {@code fn}, the index placed as {@link #FOLD_INDEX} says; true if any was. */
    static boolean run(Ir.Function fn) {
        return run(fn, FOLD_INDEX);
    }

    /** As {@link #run(Ir.Function)}; {@code fold}: the vector index from a source (the class comment's placement). */
    static boolean run(Ir.Function fn, boolean fold) {
        if ((long) fn.blocks.size() * fn.vars.size() > MAX_BOUNDS) {
            return false;
        }
        byte[][] tz = trailingZeros(fn);
        boolean changed = false;
        for (int i = 0; i < fn.blocks.size(); i++) {
            if (tz[i] != null) {
                changed |= block(fn, fn.blocks.get(i), tz[i], fold);
            }
        }
        return changed;
    }

    private static int width(Ir.Type t) {
        return t == Ir.Type.I32 ? 32 : 64;
    }

    private static long norm(Ir.Type t, long v) {
        return t == Ir.Type.I32 ? (int) v : v;
    }

    private static int constTz(Ir.Type t, long v) {
        return Math.min(width(t), Long.numberOfTrailingZeros(norm(t, v)));
    }

    /**
     * Known trailing zero bits of the register {@code insn} defines, from those of its operands ({@code tzOf}); 0 for
     * what is not a move, unary or binary operation.
     */
    private static int rule(Ir.Insn insn, ToIntFunction<Ir.Operand> tzOf) {
        int r = switch (insn) {
            case Ir.Move m -> tzOf.applyAsInt(m.src());
            case Ir.Unary u -> switch (u.op()) {
                case I2L, ZEXT, NEG -> tzOf.applyAsInt(u.a());
                case L2I -> Math.min(32, tzOf.applyAsInt(u.a()));
                case I2B -> Math.min(8, tzOf.applyAsInt(u.a()));
                case I2S, I2C -> Math.min(16, tzOf.applyAsInt(u.a()));
                default -> 0;
            };
            case Ir.Binary b -> {
                int ta = tzOf.applyAsInt(b.a());
                int tb = tzOf.applyAsInt(b.b());
                yield switch (b.op()) {
                    case ADD, SUB, OR, XOR, MIN, MAX -> Math.min(ta, tb);
                    case AND -> Math.max(ta, tb);
                    case MUL, MULWIDE_U32 -> ta + tb;
                    case SHL -> b.b() instanceof Ir.Const k ? ta + (int) (k.value() & (width(b.a().type()) - 1)) : 0;
                    default -> 0;
                };
            }
            default -> 0;
        };
        List<Ir.Var> w = Ir.written(insn);
        return w.isEmpty() ? 0 : Math.min(r, width(w.getFirst().type()));
    }

    /**
     * Per block, per register: trailing zero bits the register's value has whenever control enters the block. A
     * forward dataflow fixpoint over the CFG (meet: minimum over the predecessors' exits; transfer: {@link #rule}); at
     * the kernel's entry parameters have 0 and every other register "all" (Java reads no register before writing it).
     * Unreached blocks have null.
     */
    static byte[][] trailingZeros(Ir.Function fn) {
        Map<Ir.Block, Integer> order = new HashMap<>();
        for (int i = 0; i < fn.blocks.size(); i++) {
            order.put(fn.blocks.get(i), i);
        }
        byte[][] in = new byte[fn.blocks.size()][];
        byte[] start = new byte[fn.vars.size()];
        for (Ir.Var v : fn.vars) {
            start[v.id()] = (byte) width(v.type());
        }
        for (Ir.ParamBinding p : fn.params) {
            if (p.var() != null) {
                start[p.var().id()] = 0;
            }
        }
        in[order.get(fn.entry())] = start;
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 0; i < fn.blocks.size(); i++) {
                if (in[i] == null) {
                    continue;
                }
                byte[] cur = in[i].clone();
                ToIntFunction<Ir.Operand> tzOf = o -> o instanceof Ir.Var v ? cur[v.id()]
                        : constTz(o.type(), ((Ir.Const) o).value());
                Ir.Block b = fn.blocks.get(i);
                for (Ir.Insn insn : b.insns) {
                    List<Ir.Var> w = Ir.written(insn);
                    int r = w.size() == 1 ? rule(insn, tzOf) : 0;
                    for (Ir.Var v : w) {
                        cur[v.id()] = (byte) r;
                    }
                }
                for (Ir.Block succ : Cfg.successors(b)) {
                    int j = order.get(succ);
                    if (in[j] == null) {
                        in[j] = cur.clone();
                        changed = true;
                        continue;
                    }
                    for (int k = 0; k < cur.length; k++) {
                        if (cur[k] < in[j][k]) {
                            in[j][k] = cur[k];
                            changed = true;
                        }
                    }
                }
            }
        }
        return in;
    }

    /** Local value numbering of one block (class comment). */
    private static final class Numbering {
        final byte[] entryTz;
        /** Known trailing zeros per root; root 0 is the constant 0. */
        final List<Integer> rootTz = new ArrayList<>(List.of(64));
        final Map<Integer, Value> current = new HashMap<>();
        final Map<Integer, Integer> entryRoot = new HashMap<>();
        final Map<List<Object>, Integer> ops = new HashMap<>();
        /** Per root, per offset: the latest register and position that held root + offset. */
        final Map<Integer, Map<Long, Source>> sources = new HashMap<>();

        Numbering(byte[] entryTz) {
            this.entryTz = entryTz;
        }

        int newRoot(int tz) {
            rootTz.add(tz);
            return rootTz.size() - 1;
        }

        Value value(Ir.Operand o) {
            if (o instanceof Ir.Const c) {
                return new Value(0, norm(c.type(), c.value()));
            }
            Ir.Var v = (Ir.Var) o;
            Value x = current.get(v.id());
            if (x == null) {
                int r = entryRoot.computeIfAbsent(v.id(), id -> newRoot(entryTz[id]));
                x = new Value(r, 0);
                current.put(v.id(), x);
                sources.computeIfAbsent(r, k -> new HashMap<>()).put(0L, new Source(-1, v, 0));
            }
            return x;
        }

        int tz(Value x, Ir.Type t) {
            return Math.min(rootTz.get(x.root()), constTz(t, x.off()));
        }

        /**
         * The source of smallest offset {@code off ≤ c0} (and {@code c0 − off < 2^20}, PtxWriter's folding range) seen
         * so far for {@code root}, or null.
         */
        Source best(int root, long c0) {
            Source best = null;
            for (Source x : sources.getOrDefault(root, Map.of()).values()) {
                if (x.off() <= c0 && c0 - x.off() < (1 << 20) && (best == null || x.off() < best.off())) {
                    best = x;
                }
            }
            return best;
        }

        /** Assigns the values {@code insn} (at position {@code p}) defines. */
        void step(Ir.Insn insn, int p) {
            stepValues(insn);
            if (insn instanceof Ir.Move || insn instanceof Ir.Unary || insn instanceof Ir.Binary) {
                Ir.Var d = Ir.written(insn).getFirst();
                Value x = current.get(d.id());
                sources.computeIfAbsent(x.root(), k -> new HashMap<>()).put(x.off(), new Source(p, d, x.off()));
            }
        }

        private void stepValues(Ir.Insn insn) {
            switch (insn) {
                case Ir.Move m -> current.put(m.dst().id(), value(m.src()));
                case Ir.Binary b when (b.op() == Ir.BinOp.ADD || b.op() == Ir.BinOp.SUB) && b.b() instanceof Ir.Const k -> {
                    Value a = value(b.a());
                    long d = b.op() == Ir.BinOp.ADD ? k.value() : -k.value();
                    current.put(b.dst().id(), new Value(a.root(), norm(b.dst().type(), a.off() + d)));
                }
                case Ir.Binary b when b.op() == Ir.BinOp.ADD && b.a() instanceof Ir.Const k -> {
                    Value a = value(b.b());
                    current.put(b.dst().id(), new Value(a.root(), norm(b.dst().type(), a.off() + k.value())));
                }
                case Ir.Binary b -> pure(insn, b.dst(), List.of(b.op(), b.dst().type(), value(b.a()), value(b.b())));
                case Ir.Unary u -> pure(insn, u.dst(), List.of(u.op(), u.dst().type(), value(u.a())));
                default -> {
                    for (Ir.Var v : Ir.written(insn)) {
                        current.put(v.id(), new Value(newRoot(0), 0));
                    }
                }
            }
        }

        private void pure(Ir.Insn insn, Ir.Var dst, List<Object> key) {
            Integer r = ops.get(key);
            if (r == null) {
                r = newRoot(rule(insn, o -> tz(value(o), o.type())));
                ops.put(key, r);
            }
            current.put(dst.id(), new Value(r, 0));
        }
    }

    private static boolean eligible(Ir.ArrayBase a) {
        return a.space == Ir.Space.GLOBAL || a.space == Ir.Space.SHARED;
    }

    private static boolean block(Ir.Function fn, Ir.Block b, byte[] entryTz, boolean fold) {
        Numbering n = new Numbering(entryTz);
        Map<List<Object>, Access[]> pending = new HashMap<>();
        Map<List<Object>, Source> pendingSource = new HashMap<>();
        List<Group> candidates = new ArrayList<>();
        List<Ir.Insn> insns = b.insns;
        for (int p = 0; p < insns.size(); p++) {
            Ir.Insn insn = insns.get(p);
            Access acc = switch (insn) {
                case Ir.Load l when eligible(l.array()) ->
                        new Access(p, true, l.array(), l.index(), n.value(l.index()), l.dst(), null);
                case Ir.Store s when eligible(s.array()) ->
                        new Access(p, false, s.array(), s.index(), n.value(s.index()), null, s.value());
                default -> null;
            };
            n.step(insn, p);
            if (acc == null) {
                continue;
            }
            int w = Ir.wideCount(acc.array());
            if (n.rootTz.get(acc.value().root()) < Integer.numberOfTrailingZeros(w)) {
                continue;
            }
            long c = acc.value().off();
            int slot = (int) Math.floorMod(c, (long) w);
            List<Object> key = List.of(acc.load(), acc.array().id, acc.value().root(), Math.floorDiv(c, (long) w));
            Access[] g = pending.get(key);
            if (g == null || g[slot] != null) {
                g = new Access[w];
                pending.put(key, g);
                // a shared-memory load group that starts at c0 keeps that member's index (measured: pass4q spills)
                boolean own = acc.load() && acc.array().space == Ir.Space.SHARED && slot == 0;
                pendingSource.put(key, !fold || own || acc.value().root() == 0 ? null
                        : n.best(acc.value().root(), Math.floorDiv(c, (long) w) * w));
            }
            g[slot] = acc;
            if (java.util.Arrays.stream(g).allMatch(java.util.Objects::nonNull)) {
                candidates.add(new Group(List.of(g), pendingSource.get(key)));
                pending.remove(key);
            }
        }
        // position → (group, lane registers): loads' lanes are filled at the group's first position, stores' at each
        Map<Integer, Group> candidateAt = new HashMap<>();
        for (Group g : candidates) {
            g.slots().forEach(a -> candidateAt.put(a.pos(), g));
        }
        Map<Group, Set<Group>> crossed = new HashMap<>();
        for (Group g : candidates) {
            Set<Group> c = g.last() - g.first() > MAX_SPAN ? null : crossed(g, insns, candidateAt);
            if (c != null) {
                crossed.put(g, c);
            }
        }
        // a store group crossing another's stores is only kept while that one is (else its scalar stores would be
        // reordered against the vector store)
        for (boolean changed = true; changed; ) {
            changed = crossed.values().removeIf(c -> !crossed.keySet().containsAll(c));
        }
        Map<Integer, Group> groupAt = new HashMap<>();
        Map<Group, List<Ir.Var>> lanes = new HashMap<>();
        for (Group g : candidates) {
            if (!crossed.containsKey(g)) {
                continue;
            }
            List<Ir.Var> v = new ArrayList<>();
            for (Access a : g.slots()) {
                v.add(fn.newVar(a.array().elem));
                groupAt.put(a.pos(), g);
            }
            lanes.put(g, v);
        }
        if (groupAt.isEmpty()) {
            return false;
        }
        // the vector index from a source: index = source register + (c0 − off), right after the source's position
        Map<Integer, List<Ir.Insn>> after = new HashMap<>();
        Map<Group, Ir.Operand> index = new HashMap<>();
        for (Group g : lanes.keySet()) {
            Source src = g.source();
            if (src != null) {
                Access base = g.slots().getFirst();
                Ir.Type t = base.index().type();
                Ir.Var fresh = fn.newVar(t);
                after.computeIfAbsent(src.pos(), k -> new ArrayList<>()).add(new Ir.Binary(Ir.BinOp.ADD, fresh,
                        src.var(), new Ir.Const(t, norm(t, base.value().off() - src.off()))));
                index.put(g, fresh);
            }
        }
        List<Ir.Insn> out = new ArrayList<>(insns.size() + groupAt.size() + after.size());
        out.addAll(after.getOrDefault(-1, List.of()));
        for (int p = 0; p < insns.size(); p++) {
            Group g = groupAt.get(p);
            if (g == null) {
                out.add(insns.get(p));
                out.addAll(after.getOrDefault(p, List.of()));
                continue;
            }
            List<Ir.Var> v = lanes.get(g);
            int lane = 0;
            while (g.slots().get(lane).pos() != p) {
                lane++;
            }
            Access a = g.slots().get(lane);
            Ir.ArrayBase array = a.array();
            if (a.load()) {
                if (p == g.first()) {
                    out.add(new Ir.LoadWide(v, array, index.containsKey(g) ? index.get(g) : wideIndex(fn, g, a, out)));
                }
                out.add(new Ir.Move(a.dst(), v.get(lane)));
            } else {
                out.add(new Ir.Move(v.get(lane), a.stored()));
                if (p == g.last()) {
                    out.add(new Ir.StoreWide(array, index.containsKey(g) ? index.get(g) : wideIndex(fn, g, a, out),
                            List.copyOf(v)));
                }
            }
        }
        insns.clear();
        insns.addAll(out);
        return true;
    }

    /**
     * The index of the group's first element at member {@code at}'s position: its index register, or (when that
     * member is not the one at {@code c0}) a fresh register set to it plus {@code c0 − c}, appended to {@code out};
     * a constant when the root is the constant 0.
     */
    private static Ir.Operand wideIndex(Ir.Function fn, Group g, Access at, List<Ir.Insn> out) {
        Access base = g.slots().getFirst();
        Ir.Type t = at.index().type();
        if (base.value().root() == 0) {
            return new Ir.Const(t, base.value().off());
        }
        if (at == base) {
            return at.index();
        }
        Ir.Var fresh = fn.newVar(t);
        out.add(new Ir.Binary(Ir.BinOp.ADD, fresh, at.index(),
                new Ir.Const(t, norm(t, base.value().off() - at.value().off()))));
        return fresh;
    }

    /**
     * The memory hazards of the class comment, on the block as it is: null if {@code g} may not be combined, else the
     * other store groups whose stores a store group crosses (empty for loads), each with its lanes in the same order
     * relative to g's as their last stores (then a vector at the same address as g's ends with the same last writer
     * per word: two aligned 16-byte vectors are equal or disjoint).
     */
    private static Set<Group> crossed(Group g, List<Ir.Insn> insns, Map<Integer, Group> candidateAt) {
        boolean load = g.slots().getFirst().load();
        Ir.Space space = g.slots().getFirst().array().space;
        Set<Group> crossed = new HashSet<>();
        for (int p = g.first() + 1; p < g.last(); p++) {
            Group other = candidateAt.get(p);
            if (other == g || !conflicts(insns.get(p), space, load)) {
                continue;
            }
            if (load || other == null || other.slots().getFirst().load() || !sameOrder(g, other)) {
                return null;
            }
            crossed.add(other);
        }
        return crossed;
    }

    /** Whether each lane of store groups g and h is written in the order of their last stores. */
    private static boolean sameOrder(Group g, Group h) {
        boolean gFirst = g.last() < h.last();
        for (int i = 0; i < g.slots().size(); i++) {
            if (g.slots().get(i).pos() < h.slots().get(i).pos() != gFirst) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code insn} may not be crossed by a vector load ({@code load}) or store of {@code space}. */
    private static boolean conflicts(Ir.Insn insn, Ir.Space space, boolean load) {
        return switch (insn) {
            case Ir.Barrier b -> true;
            case Ir.Store s -> s.array().space == space;
            case Ir.StoreWide s -> s.array().space == space;
            case Ir.AtomicAdd a -> a.array().space == space;
            case Ir.ZeroFill z -> z.array().space == space;
            case Ir.Load l -> !load && l.array().space == space;
            case Ir.LoadWide l -> !load && l.array().space == space;
            default -> false;
        };
    }
}
