package jzk.tornado.jit;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jzk.tornado.jit.Ir.Type;

/**
 * Conditional constant propagation over the non-SSA IR (Wegman, Zadeck, "Constant Propagation with Conditional
 * Branches", TOPLAS 1991, in its dataflow form: one environment per block entry instead of SSA values), then
 * rewriting: every operand known constant becomes an immediate, an instruction whose result is known becomes a
 * {@code Move} of that constant, a branch whose outcome is known becomes a jump, and blocks found unreachable are
 * dropped.
 *
 * <p>Lattice per register: unknown at a block not yet reached (its environment is null), a constant, or varying
 * (absent from the environment). Kernel parameters and every register not assigned on some path are varying.
 * Loads from {@code static final} tables ({@link Ir.Space#CONST}) at a constant in-range index give the table's
 * value; other loads, atomics and special registers are varying. Folding uses {@link Fold}, so results are the
 * Java ones bit for bit.
 */
final class ConstantPropagation {
    private ConstantPropagation() {
    }

    /** Register id → constant (normalised, {@link Fold#norm}). */
    static final class Env {
        final HashMap<Integer, Long> values;

        Env(HashMap<Integer, Long> values) {
            this.values = values;
        }

        Env copy() {
            return new Env(new HashMap<>(values));
        }

        Long get(Ir.Operand o) {
            return o instanceof Ir.Const c ? Long.valueOf(c.value()) : values.get(((Ir.Var) o).id());
        }

        void set(Ir.Var v, Long value) {
            if (value == null) {
                values.remove(v.id());
            } else {
                values.put(v.id(), value);
            }
        }

        /** Keeps only the registers on which both agree; true if this changed. */
        boolean meet(Env other) {
            return values.entrySet().removeIf(e -> !e.getValue().equals(other.values.get(e.getKey())));
        }
    }

    /** The value {@code insn} assigns under {@code env}, or null when not constant; {@code insn} has a result. */
    static Long evaluate(Ir.Insn insn, Env env) {
        return switch (insn) {
            case Ir.Move m -> env.get(m.src());
            case Ir.Unary u -> {
                Long a = env.get(u.a());
                yield a == null ? null : Fold.unary(u.op(), u.a().type(), u.dst().type(), a);
            }
            case Ir.Binary b -> {
                Long x = env.get(b.a());
                Long y = env.get(b.b());
                yield x == null || y == null ? null : Fold.binary(b.op(), b.a().type(), x, y);
            }
            case Ir.Load ld -> {
                Long i = env.get(ld.index());
                Ir.ArrayBase a = ld.array();
                yield a.space == Ir.Space.CONST && i != null && i >= 0 && i < a.init.length
                        ? Fold.norm(a.elem, a.init[(int) (long) i]) : null;
            }
            default -> null;
        };
    }

    /** The register {@code insn} assigns, or null (also for the several of MontMul, LoadWide: {@link Ir#written}). */
    static Ir.Var dst(Ir.Insn insn) {
        return switch (insn) {
            case Ir.Move m -> m.dst();
            case Ir.Unary u -> u.dst();
            case Ir.Binary b -> b.dst();
            case Ir.Load l -> l.dst();
            case Ir.AtomicAdd a -> a.dst();
            case Ir.ReadSpecial r -> r.dst();
            default -> null;
        };
    }

    /** Applies {@code insn} to {@code env}. */
    static void transfer(Ir.Insn insn, Env env) {
        if (insn instanceof Ir.MontMul || insn instanceof Ir.LoadWide) {
            Ir.written(insn).forEach(v -> env.set(v, null));
            return;
        }
        Ir.Var d = dst(insn);
        if (d != null) {
            env.set(d, evaluate(insn, env));
        }
    }

    /**
     * The successors control can reach from {@code b} under {@code env} (the environment at the block's end):
     * a branch whose outcome is known has one.
     */
    static List<Ir.Block> liveSuccessors(Ir.Block b, Env env) {
        if (b.term instanceof Ir.Branch br) {
            Boolean taken = decide(br, env);
            if (taken != null) {
                return List.of(taken ? br.ifTrue() : br.ifFalse());
            }
        }
        return Cfg.successors(b);
    }

    /** The outcome of {@code br} under {@code env}, or null when not known. */
    static Boolean decide(Ir.Branch br, Env env) {
        Long a = env.get(br.a());
        Long c = env.get(br.b());
        return a == null || c == null ? null : Fold.cond(br.cond(), br.a().type(), a, c);
    }

    /** The environment at the entry of every reachable block (absent: unreachable). */
    static Map<Ir.Block, Env> analyse(Ir.Function fn, Cfg cfg) {
        Map<Ir.Block, Env> in = new HashMap<>();
        in.put(fn.entry(), new Env(new HashMap<>()));
        BitSet work = new BitSet();
        work.set(0);
        for (int i = work.nextSetBit(0); i >= 0; i = work.nextSetBit(0)) {
            work.clear(i);
            Ir.Block b = cfg.rpo.get(i);
            Env env = in.get(b).copy();
            for (Ir.Insn insn : b.insns) {
                transfer(insn, env);
            }
            for (Ir.Block s : liveSuccessors(b, env)) {
                Env old = in.get(s);
                if (old == null) {
                    in.put(s, env.copy());
                    work.set(cfg.order.get(s));
                } else if (old.meet(env)) {
                    work.set(cfg.order.get(s));
                }
            }
        }
        return in;
    }

    /** Analyses and rewrites {@code fn}; true if anything changed. */
    static boolean run(Ir.Function fn) {
        Cfg cfg = new Cfg(fn);
        Map<Ir.Block, Env> in = analyse(fn, cfg);
        boolean changed = false;
        List<Ir.Block> kept = new ArrayList<>();
        for (Ir.Block b : cfg.rpo) {
            Env env = in.get(b);
            if (env == null) {
                changed = true;
                continue;
            }
            kept.add(b);
            for (int k = 0; k < b.insns.size(); k++) {
                Ir.Insn insn = b.insns.get(k);
                Ir.Insn r = rewrite(insn, env);
                transfer(insn, env);
                if (r != insn) {
                    b.insns.set(k, r);
                    changed = true;
                }
            }
            if (b.term instanceof Ir.Branch br) {
                Boolean taken = decide(br, env);
                if (taken != null) {
                    b.term = new Ir.Jump(taken ? br.ifTrue() : br.ifFalse());
                    changed = true;
                } else {
                    Ir.Operand a = subst(br.a(), env);
                    Ir.Operand c = subst(br.b(), env);
                    if (br.ifTrue() == br.ifFalse()) {
                        b.term = new Ir.Jump(br.ifTrue());
                        changed = true;
                    } else if (a != br.a() || c != br.b()) {
                        b.term = new Ir.Branch(br.cond(), a, c, br.ifTrue(), br.ifFalse());
                        changed = true;
                    }
                }
            }
        }
        if (kept.size() != fn.blocks.size()) {
            changed = true;
        }
        fn.blocks.clear();
        fn.blocks.addAll(kept);
        return changed;
    }

    private static Ir.Operand subst(Ir.Operand o, Env env) {
        if (o instanceof Ir.Var v) {
            Long c = env.values.get(v.id());
            if (c != null) {
                return new Ir.Const(v.type(), c);
            }
        }
        return o;
    }

    /** {@code insn} with known operands as immediates, or a {@code Move} of its known result. */
    private static Ir.Insn rewrite(Ir.Insn insn, Env env) {
        Ir.Var d = dst(insn);
        if (d != null && !(insn instanceof Ir.AtomicAdd)) {
            Long v = evaluate(insn, env);
            if (v != null) {
                return insn instanceof Ir.Move m && m.src() instanceof Ir.Const ? insn
                        : new Ir.Move(d, new Ir.Const(d.type(), v));
            }
        }
        return switch (insn) {
            case Ir.Move m -> m;
            case Ir.Unary u -> {
                Ir.Operand a = subst(u.a(), env);
                yield a == u.a() ? u : new Ir.Unary(u.op(), u.dst(), a);
            }
            case Ir.Binary b -> simplify(b, subst(b.a(), env), subst(b.b(), env));
            case Ir.Load ld -> {
                Ir.Operand i = subst(ld.index(), env);
                yield i == ld.index() ? ld : new Ir.Load(ld.dst(), ld.array(), i);
            }
            case Ir.Store st -> {
                Ir.Operand i = subst(st.index(), env);
                Ir.Operand v = subst(st.value(), env);
                yield i == st.index() && v == st.value() ? st : new Ir.Store(st.array(), i, v);
            }
            case Ir.AtomicAdd at -> {
                Ir.Operand i = subst(at.index(), env);
                Ir.Operand v = subst(at.value(), env);
                yield i == at.index() && v == at.value() ? at : new Ir.AtomicAdd(at.dst(), at.array(), i, v);
            }
            case Ir.LoadWide ld -> {
                Ir.Operand i = subst(ld.index(), env);
                yield i == ld.index() ? ld : new Ir.LoadWide(ld.dst(), ld.array(), i);
            }
            case Ir.StoreWide st -> {
                Ir.Operand i = subst(st.index(), env);
                List<Ir.Operand> v = st.values().stream().map(o -> subst(o, env)).toList();
                yield i == st.index() && v.equals(st.values()) ? st : new Ir.StoreWide(st.array(), i, v);
            }
            case Ir.MontMul mm -> {
                List<Ir.Operand> a = mm.a().stream().map(o -> subst(o, env)).toList();
                List<Ir.Operand> b = mm.b().stream().map(o -> subst(o, env)).toList();
                yield a.equals(mm.a()) && b.equals(mm.b()) ? mm
                        : new Ir.MontMul(mm.dst(), a, b, mm.modulus(), mm.negInv(), mm.op());
            }
            default -> insn;
        };
    }

    /**
     * {@code b} with operands {@code a}, {@code c}; identities with one constant operand become moves
     * ({@code x + 0}, {@code x | 0}, {@code x ^ 0}, {@code x - 0}, {@code x * 1}, shifts by 0 → x;
     * {@code x * 0}, {@code x & 0} → 0; an all-ones mask → x). A constant first operand of a commutative
     * operation is swapped second, where PTX takes immediates.
     */
    private static Ir.Insn simplify(Ir.Binary b, Ir.Operand a, Ir.Operand c) {
        Ir.BinOp op = b.op();
        boolean commutative = switch (op) {
            case ADD, MUL, AND, OR, XOR, MULHI, UMULHI, MULWIDE_U32, MIN, MAX -> true;
            default -> false;
        };
        if (commutative && a instanceof Ir.Const && c instanceof Ir.Var) {
            Ir.Operand t = a;
            a = c;
            c = t;
        }
        if (c instanceof Ir.Const k && op != Ir.BinOp.MULWIDE_U32) {
            long v = k.value();
            Type t = a.type();
            boolean identity = switch (op) {
                case ADD, SUB, OR, XOR -> v == 0;
                case MUL -> v == 1;
                case AND -> v == -1;
                case SHL, SHR, USHR -> (v & (t == Type.I32 ? 31 : 63)) == 0;
                default -> false;
            };
            if (identity) {
                return new Ir.Move(b.dst(), a);
            }
            if ((op == Ir.BinOp.MUL || op == Ir.BinOp.AND) && v == 0) {
                return new Ir.Move(b.dst(), new Ir.Const(b.dst().type(), 0));
            }
        }
        return a == b.a() && c == b.b() ? b : new Ir.Binary(op, b.dst(), a, c);
    }
}
