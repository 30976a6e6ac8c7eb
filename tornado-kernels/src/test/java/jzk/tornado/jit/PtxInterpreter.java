package jzk.tornado.jit;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jzk.tornado.api.OffHeapIntArray;
import jzk.tornado.api.OffHeapLongArray;

/**
 * Test-only interpreter for the PTX that {@link PtxWriter} emits (not for PTX in general), so the PTX back end
 * can be checked bit for bit against the JVM on machines without a GPU. Instruction semantics follow the PTX ISA
 * (version 8.x), written independently of the writer: shift counts clamp at the register width (they are not
 * masked), {@code div}/{@code rem} by zero and {@code MIN / -1} are undefined and make the interpreter throw, so
 * an unguarded division in generated code is detected rather than given some value.
 *
 * <p>Memory: one flat global space (kernel arrays and initialised {@code .global} tables at distinct
 * addresses), one read-only constant space ({@code .const} tables; PTX has no {@code st.const}), one shared space
 * per work-group, one local space per work-item; every {@code ld}/{@code st} names its space, and the address
 * must fall inside an object of that space.
 */
final class PtxInterpreter {
    private record Insn(String guard, boolean negated, String[] op, String[] args, String text) {
    }

    private final List<Insn> code = new ArrayList<>();
    private final Map<String, Integer> labels = new HashMap<>();
    private final List<String> params = new ArrayList<>();
    /** Where the kernel's code starts (after any {@code .func} bodies, as clang's NVPTX back end writes them). */
    private int entry;
    private final Map<String, long[]> globalTables = new HashMap<>();
    private final Map<String, Integer> tableWidth = new HashMap<>();
    private final Map<String, long[]> constTables = new HashMap<>();
    private final Map<String, Long> sharedArrays = new HashMap<>();
    private final Map<String, Long> localArrays = new HashMap<>();
    /** Executed instructions and {@code ld.local}/{@code st.local} of all runs (a cost proxy for kernel tuning). */
    static final java.util.concurrent.atomic.LongAdder EXECUTED = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder LOCAL_ACCESSES = new java.util.concurrent.atomic.LongAdder();

    private static final Pattern TABLE = Pattern.compile(
            "\\.(global|const) \\.align 8 \\.b(32|64) (\\w+)\\[(\\d+)] = \\{(.*)};");
    private static final Pattern SPACE_ARRAY = Pattern.compile("\\.(shared|local) \\.align \\d+ \\.b8 (\\w+)\\[(\\d+)];");

    PtxInterpreter(String ptx) {
        boolean inParams = false;
        for (String raw : ptx.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("//")) {
                continue;
            }
            Matcher t = TABLE.matcher(line);
            Matcher s = SPACE_ARRAY.matcher(line);
            if (t.matches()) {
                String[] vs = t.group(5).split(",\\s*");
                long[] v = new long[vs.length];
                for (int i = 0; i < v.length; i++) {
                    v[i] = Long.parseLong(vs[i].strip());
                }
                (t.group(1).equals("const") ? constTables : globalTables).put(t.group(3), v);
                tableWidth.put(t.group(3), Integer.parseInt(t.group(2)) / 8);
            } else if (s.matches()) {
                (s.group(1).equals("shared") ? sharedArrays : localArrays).put(s.group(2), Long.parseLong(s.group(3)));
            } else if (line.startsWith(".visible .entry") || line.startsWith(".entry")) {
                inParams = true;
                entry = code.size();
            } else if (inParams && line.startsWith(".param")) {
                // the name is the last word (clang's NVPTX back end writes ".param .u64 .ptr .global .align 4 name")
                String[] words = line.replace(",", "").split("\\s+");
                params.add(words[words.length - 1]);
            } else if (line.equals(")")) {
                inParams = false;
            } else if (line.endsWith(":")) {
                labels.put(line.substring(0, line.length() - 1), code.size());
            } else if (!line.startsWith(".") && !line.equals("{") && !line.equals("}")) {
                code.add(parse(line));
            }
        }
    }

    private static Insn parse(String line) {
        String l = line.substring(0, line.length() - 1); // drop ';'
        String guard = null;
        boolean neg = false;
        if (l.startsWith("@")) {
            int sp = l.indexOf(' ');
            guard = l.substring(1, sp);
            if (guard.startsWith("!")) {
                neg = true;
                guard = guard.substring(1);
            }
            l = l.substring(sp + 1);
        }
        int sp = l.indexOf(' ');
        String opcode = sp < 0 ? l : l.substring(0, sp);
        String[] args = sp < 0 ? new String[0] : l.substring(sp + 1).split(",\\s*");
        for (int i = 0; i < args.length; i++) {
            args[i] = args[i].strip();
        }
        return new Insn(guard, neg, opcode.split("\\."), args, line);
    }

    /** Writes each table at the next 64-byte boundary from {@code next}, records its address; returns the end. */
    private long placeTables(Map<String, long[]> tables, MemorySegment seg, long next, Map<String, Long> symbols) {
        for (Map.Entry<String, long[]> t : tables.entrySet()) {
            symbols.put(t.getKey(), next);
            int w = tableWidth.get(t.getKey());
            for (int i = 0; i < t.getValue().length; i++) {
                if (w == 8) {
                    seg.set(JAVA_LONG_UNALIGNED, next + 8L * i, t.getValue()[i]);
                } else {
                    seg.set(JAVA_INT_UNALIGNED, next + 4L * i, (int) t.getValue()[i]);
                }
            }
            next += (t.getValue().length * (long) w + 63) / 64 * 64;
        }
        return next;
    }

    /** One work-item's state. */
    private final class Thread {
        final Map<String, Long> regs = new HashMap<>();
        /** CC.CF: the carry (or borrow) flag of the extended-precision instructions. */
        long carry;
        final MemorySegment global;
        final MemorySegment constant;
        final MemorySegment shared;
        final MemorySegment local;
        final int tid;
        final int ntid;
        final int ctaid;
        final int nctaid;
        final CyclicBarrier barrier;

        Thread(MemorySegment global, MemorySegment constant, MemorySegment shared, MemorySegment local, int tid,
               int ntid, int ctaid, int nctaid, CyclicBarrier barrier) {
            this.global = global;
            this.constant = constant;
            this.shared = shared;
            this.local = local;
            this.tid = tid;
            this.ntid = ntid;
            this.ctaid = ctaid;
            this.nctaid = nctaid;
            this.barrier = barrier;
        }

        long get(String a) {
            return switch (a) {
                case "%tid.x" -> tid;
                case "%ntid.x" -> ntid;
                case "%ctaid.x" -> ctaid;
                case "%nctaid.x" -> nctaid;
                default -> {
                    if (a.startsWith("%")) {
                        Long v = regs.get(a);
                        if (v == null) {
                            throw new IllegalStateException("read of unset register " + a);
                        }
                        yield v;
                    }
                    Long addr = symbols.get(a);
                    yield addr != null ? addr : Long.decode(a);
                }
            };
        }

        void set(String r, long v) {
            regs.put(r, r.startsWith("%rd") ? v : r.startsWith("%p") ? v & 1 : (long) (int) v);
        }

        MemorySegment space(String s) {
            return switch (s) {
                case "global" -> global;
                case "const" -> constant;
                case "shared" -> shared;
                case "local" -> local;
                default -> throw new IllegalStateException("space " + s);
            };
        }

        /**
         * The address of an {@code n}-element vector access of {@code type} elements; a vector access must be
         * aligned to its size (PTX ISA, "Vectors"), else the GPU faults, and so does this interpreter.
         */
        long vectorAddress(String a, int n, String type) {
            long addr = address(a);
            int bytes = n * (type.equals("u64") ? 8 : 4);
            if (Long.remainderUnsigned(addr, bytes) != 0) {
                throw new IllegalStateException("misaligned " + bytes + "-byte vector access at " + addr + ": " + a);
            }
            return addr;
        }

        long address(String a) {
            String in = a.substring(1, a.length() - 1);
            int plus = in.indexOf('+');
            return plus < 0 ? get(in) : get(in.substring(0, plus)) + Long.parseLong(in.substring(plus + 1));
        }

        void run(Map<String, Long> paramValues) throws InterruptedException, BrokenBarrierException {
            int pc = entry;
            long steps = 0;
            while (true) {
                if (++steps > 50_000_000L) {
                    throw new IllegalStateException("runaway kernel");
                }
                Insn in = code.get(pc++);
                if (in.guard != null && (get(in.guard) != 0) == in.negated) {
                    continue;
                }
                String[] op = in.op;
                String[] a = in.args;
                EXECUTED.increment();
                if ((op[0].equals("ld") || op[0].equals("st")) && op[1].equals("local")) {
                    LOCAL_ACCESSES.increment();
                }
                switch (op[0]) {
                    case "ret" -> {
                        return;
                    }
                    case "bra" -> pc = labels.get(a[0]);
                    case "bar" -> barrier.await();
                    case "ld" -> {
                        if (op[1].equals("param")) {
                            set(a[0], paramValues.get(a[1].substring(1, a[1].length() - 1)));
                        } else if (op[2].startsWith("v")) {
                            // ld.{global,shared}.v4.u32 {a, b, c, d}, [addr] / .v2.u64: one aligned 16-byte access
                            int n = Integer.parseInt(op[2].substring(1));
                            MemorySegment m = space(op[1]);
                            long addr = vectorAddress(a[n], n, op[3]);
                            for (int i = 0; i < n; i++) {
                                String r = a[i].replace("{", "").replace("}", "");
                                set(r, op[3].equals("u64") ? m.get(JAVA_LONG_UNALIGNED, addr + 8L * i)
                                        : m.get(JAVA_INT_UNALIGNED, addr + 4L * i));
                            }
                        } else {
                            MemorySegment m = space(op[1]);
                            long addr = address(a[1]);
                            set(a[0], op[2].equals("u64") ? m.get(JAVA_LONG_UNALIGNED, addr)
                                    : m.get(JAVA_INT_UNALIGNED, addr));
                        }
                    }
                    case "st" -> {
                        MemorySegment m = space(op[1]);
                        if (op[2].startsWith("v")) {
                            int n = Integer.parseInt(op[2].substring(1));
                            long addr = vectorAddress(a[0], n, op[3]);
                            long[] v = new long[n];
                            for (int i = 0; i < n; i++) {
                                v[i] = get(a[1 + i].replace("{", "").replace("}", ""));
                            }
                            for (int i = 0; i < n; i++) {
                                if (op[3].equals("u64")) {
                                    m.set(JAVA_LONG_UNALIGNED, addr + 8L * i, v[i]);
                                } else {
                                    m.set(JAVA_INT_UNALIGNED, addr + 4L * i, (int) v[i]);
                                }
                            }
                            continue;
                        }
                        long addr = address(a[0]);
                        if (op[2].equals("u64")) {
                            m.set(JAVA_LONG_UNALIGNED, addr, get(a[1]));
                        } else {
                            m.set(JAVA_INT_UNALIGNED, addr, (int) get(a[1]));
                        }
                    }
                    case "atom" -> {
                        // only atom.{global,shared}.add.u32, which the JIT emits for Atomics.addInt
                        if (!op[2].equals("add") || !op[3].equals("u32")) {
                            throw new IllegalStateException("atom." + String.join(".", op));
                        }
                        MemorySegment m = space(op[1]);
                        long addr = address(a[1]);
                        synchronized (PtxInterpreter.class) {
                            int old = m.get(JAVA_INT_UNALIGNED, addr);
                            m.set(JAVA_INT_UNALIGNED, addr, old + (int) get(a[2]));
                            set(a[0], old);
                        }
                    }
                    case "setp" -> set(a[0], compare(op[1], op[2], get(a[1]), get(a[2])) ? 1 : 0);
                    case "selp" -> set(a[0], get(a[3]) != 0 ? get(a[1]) : get(a[2]));
                    case "addc", "subc", "madc" -> set(a[0], carryOp(op, a));
                    case "add", "sub", "mad" -> set(a[0], op[1].equals("cc") || op[1].equals("hi")
                            || op.length > 2 && op[2].equals("cc") ? carryOp(op, a) : alu(op, a));
                    default -> set(a[0], alu(op, a));
                }
            }
        }

        /**
         * The extended-precision forms on .u32 (PTX ISA "Extended-Precision Integer Arithmetic"):
         * {@code add/sub/mad[.lo|.hi].cc} write the carry (for sub: the borrow) out of the 32-bit result to CC.CF;
         * {@code addc/subc/madc} also add (subtract) CC.CF, and write it again only with {@code .cc}.
         * {@code mad.lo/.hi} adds the low/high 32 bits of the 64-bit product a·b to c.
         */
        private long carryOp(String[] op, String[] a) {
            if (!op[op.length - 1].equals("u32")) {
                throw new IllegalStateException("extended-precision " + String.join(".", op) + " (only .u32)");
            }
            boolean withCarry = op[0].endsWith("c");
            boolean setsCarry = java.util.Arrays.asList(op).contains("cc");
            long cin = withCarry ? carry : 0;
            long x = get(a[1]) & 0xFFFF_FFFFL;
            long y = get(a[2]) & 0xFFFF_FFFFL;
            long r = switch (op[0]) {
                case "add", "addc" -> x + y + cin;
                case "sub", "subc" -> x - y - cin;
                case "mad", "madc" -> {
                    long p = x * y; // unsigned 64-bit product (fits: both below 2^32)
                    long half = op[1].equals("hi") ? p >>> 32 : p & 0xFFFF_FFFFL;
                    yield half + (get(a[3]) & 0xFFFF_FFFFL) + cin;
                }
                default -> throw new IllegalStateException(String.join(".", op));
            };
            if (setsCarry) {
                carry = op[0].startsWith("sub") ? (r < 0 ? 1 : 0) : r >>> 32;
            }
            return r;
        }

        private long alu(String[] op, String[] a) {
            String ty = op[op.length - 1];
            boolean w64 = ty.endsWith("64");
            long x = a.length > 1 ? get(a[1]) : 0;
            long y = a.length > 2 ? get(a[2]) : 0;
            return switch (op[0]) {
                case "mov", "cvta" -> x;
                case "add" -> x + y;
                case "sub" -> x - y;
                case "neg" -> -x;
                case "and" -> x & y;
                case "or" -> x | y;
                case "xor" -> x ^ y;
                case "min" -> Math.min(x, y);
                case "max" -> Math.max(x, y);
                case "mul" -> switch (op[1]) {
                    case "lo" -> x * y;
                    // the upper half of the double-width product: 32 bits of the 64-bit one for .u32/.s32
                    case "hi" -> switch (ty) {
                        case "s64" -> Math.multiplyHigh(x, y);
                        case "u64" -> Math.unsignedMultiplyHigh(x, y);
                        case "u32" -> ((x & 0xFFFF_FFFFL) * (y & 0xFFFF_FFFFL)) >>> 32;
                        case "s32" -> ((long) (int) x * (long) (int) y) >> 32;
                        default -> throw new IllegalStateException("mul.hi." + ty);
                    };
                    case "wide" -> ty.equals("s32") ? (long) (int) x * (long) (int) y
                            : (x & 0xFFFF_FFFFL) * (y & 0xFFFF_FFFFL);
                    default -> throw new IllegalStateException("mul." + op[1]);
                };
                case "mad" -> x * y + get(a[3]);
                case "shl" -> Long.compareUnsigned(y & 0xFFFF_FFFFL, w64 ? 64 : 32) >= 0 ? 0 : x << y;
                case "shr" -> {
                    long n = Math.min(y & 0xFFFF_FFFFL, w64 ? 64 : 32);
                    boolean signed = ty.startsWith("s");
                    if (w64) {
                        yield n == 64 ? (signed ? x >> 63 : 0) : (signed ? x >> n : x >>> n);
                    }
                    int v = (int) x;
                    yield n == 32 ? (signed ? v >> 31 : 0) : (signed ? v >> n : v >>> n);
                }
                case "div", "rem" -> divide(op[0].equals("div"), ty, x, y);
                case "cvt" -> switch (op[1] + "." + op[2]) {
                    case "s64.s32" -> (long) (int) x;
                    case "u64.u32" -> x & 0xFFFF_FFFFL;
                    case "u32.u64" -> (int) x;
                    default -> throw new IllegalStateException("cvt " + op[1] + "." + op[2]);
                };
                case "clz" -> w64 ? Long.numberOfLeadingZeros(x) : Integer.numberOfLeadingZeros((int) x);
                case "popc" -> w64 ? Long.bitCount(x) : Integer.bitCount((int) x);
                case "brev" -> w64 ? Long.reverse(x) : Integer.reverse((int) x);
                default -> throw new IllegalStateException("unknown instruction " + String.join(".", op));
            };
        }
    }

    private static long divide(boolean div, String ty, long x, long y) {
        boolean w64 = ty.endsWith("64");
        boolean signed = ty.startsWith("s");
        if (!w64) {
            x = signed ? (int) x : x & 0xFFFF_FFFFL;
            y = signed ? (int) y : y & 0xFFFF_FFFFL;
        }
        if (y == 0) {
            throw new ArithmeticException("PTX " + (div ? "div" : "rem") + "." + ty + " by zero is undefined");
        }
        if (signed && y == -1 && x == (w64 ? Long.MIN_VALUE : Integer.MIN_VALUE)) {
            throw new ArithmeticException("PTX " + (div ? "div" : "rem") + "." + ty + " MIN / -1 is undefined");
        }
        if (signed || !w64) {
            return div ? x / y : x % y;
        }
        return div ? Long.divideUnsigned(x, y) : Long.remainderUnsigned(x, y);
    }

    private static boolean compare(String cmp, String ty, long x, long y) {
        boolean w64 = ty.endsWith("64");
        if (!w64) {
            x = ty.startsWith("s") ? (int) x : x & 0xFFFF_FFFFL;
            y = ty.startsWith("s") ? (int) y : y & 0xFFFF_FFFFL;
        }
        int c = ty.startsWith("s") ? Long.compare(x, y) : Long.compareUnsigned(x, y);
        return switch (cmp) {
            case "eq" -> c == 0;
            case "ne" -> c != 0;
            case "lt", "lo" -> c < 0;
            case "le", "ls" -> c <= 0;
            case "gt", "hi" -> c > 0;
            case "ge", "hs" -> c >= 0;
            default -> throw new IllegalStateException("setp." + cmp);
        };
    }

    private final Map<String, Long> symbols = new HashMap<>();

    /**
     * Runs the kernel as {@link CompiledKernel#params()} describes, with the Java argument list {@code args}
     * (null for the KernelContext); arrays are copied back into {@code args}.
     */
    void run(CompiledKernel k, int globalSize, int localSize, Object[] args) throws Exception {
        try (Arena arena = Arena.ofShared()) {
            long size = 4096;
            List<Object> arrays = new ArrayList<>();
            for (Object o : args) {
                if (o != null && !(o instanceof Integer) && !(o instanceof Long)) {
                    arrays.add(o);
                    size += bytes(o) + 64;
                }
            }
            for (long[] t : globalTables.values()) {
                size += t.length * 8L + 64;
            }
            MemorySegment global = arena.allocate(size, 16);
            long next = 64;
            Map<Object, Long> base = new HashMap<>();
            for (Object o : arrays) {
                base.put(o, next);
                copy(o, global.asSlice(next, bytes(o)), true);
                next += (bytes(o) + 63) / 64 * 64;
            }
            next = placeTables(globalTables, global, next, symbols);
            long constSize = 64;
            for (long[] t : constTables.values()) {
                constSize += t.length * 8L + 64;
            }
            MemorySegment constInit = arena.allocate(constSize, 16);
            placeTables(constTables, constInit, 64, symbols);
            MemorySegment constant = constInit.asReadOnly();
            long sharedSize = 16;
            for (Map.Entry<String, Long> e : sharedArrays.entrySet()) {
                symbols.put(e.getKey(), sharedSize);
                sharedSize += (e.getValue() + 15) / 16 * 16;
            }
            long localSize16 = 16;
            for (Map.Entry<String, Long> e : localArrays.entrySet()) {
                symbols.put(e.getKey(), localSize16);
                localSize16 += (e.getValue() + 15) / 16 * 16;
            }
            Map<String, Long> paramValues = new HashMap<>();
            int javaArg = 0;
            int devArg = 0;
            for (KernelParam p : k.params()) {
                if (p.kind() == ParamKind.CONTEXT) {
                    javaArg++;
                    continue;
                }
                long v;
                if (p.isLength()) {
                    v = length(args[javaArg - 1]);
                } else {
                    Object o = args[javaArg++];
                    v = switch (o) {
                        case Integer i -> i;
                        case Long l -> l;
                        default -> base.get(o);
                    };
                }
                paramValues.put(params.get(devArg++), v);
            }
            for (int g = 0; g < globalSize / localSize; g++) {
                MemorySegment shared = arena.allocate(sharedSize, 16);
                CyclicBarrier barrier = new CyclicBarrier(localSize);
                List<java.lang.Thread> ts = new ArrayList<>();
                Throwable[] failure = new Throwable[1];
                for (int t = 0; t < localSize; t++) {
                    Thread th = new Thread(global, constant, shared, arena.allocate(localSize16, 16), t, localSize, g,
                            globalSize / localSize, barrier);
                    ts.add(java.lang.Thread.ofVirtual().start(() -> {
                        try {
                            th.run(paramValues);
                        } catch (Throwable e) {
                            synchronized (failure) {
                                failure[0] = e;
                            }
                            barrier.reset();
                        }
                    }));
                }
                for (java.lang.Thread t : ts) {
                    t.join();
                }
                if (failure[0] != null) {
                    throw new IllegalStateException("PTX interpretation failed in group " + g, failure[0]);
                }
            }
            for (Object o : arrays) {
                copy(o, global.asSlice(base.get(o), bytes(o)), false);
            }
        }
    }

    private static long bytes(Object o) {
        return switch (o) {
            case long[] l -> l.length * 8L;
            case int[] i -> i.length * 4L;
            case OffHeapLongArray l -> l.segment().byteSize();
            case OffHeapIntArray i -> i.segment().byteSize();
            default -> throw new IllegalArgumentException("argument " + o);
        };
    }

    private static long length(Object o) {
        return switch (o) {
            case long[] l -> l.length;
            case int[] i -> i.length;
            case OffHeapLongArray l -> l.size();
            case OffHeapIntArray i -> i.size();
            default -> throw new IllegalArgumentException("length of " + o);
        };
    }

    private static void copy(Object o, MemorySegment dev, boolean toDevice) {
        MemorySegment host = switch (o) {
            case long[] l -> MemorySegment.ofArray(l);
            case int[] i -> MemorySegment.ofArray(i);
            case OffHeapLongArray l -> l.segment();
            case OffHeapIntArray i -> i.segment();
            default -> throw new IllegalArgumentException("argument " + o);
        };
        if (toDevice) {
            dev.copyFrom(host);
        } else {
            host.copyFrom(dev);
        }
    }
}
