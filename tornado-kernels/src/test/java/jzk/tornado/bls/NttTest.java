package jzk.tornado.bls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import jzk.arith.Fr;
import jzk.arith.FrDomain;
import jzk.tornado.bls.kernels.NttKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Device NTT (on every test host) against a naive O(n²) BigInteger DFT and against field-arith's CPU {@link FrDomain},
 * bit for bit, for every transform kind, sizes 2^1 … 2^12 (2^11 and up take two local-memory passes), plus
 * many-pass plans with small blocks.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class NttTest {
    private final Random rnd = new Random(11);
    @Parameter
    KernelHost host;

    private long[] randomVector(int n) {
        long[] v = new long[n * 4];
        for (int i = 0; i < n; i++) {
            BigInteger x = switch (i % 7) {
                case 0 -> BigInteger.ZERO;
                case 1 -> Fr.R.subtract(BigInteger.ONE);
                default -> Oracle.random(rnd, Fr.R);
            };
            Fr.F.fromBigInteger(v, i * 4, x);
        }
        return v;
    }

    private long[] onDevice(Ntt plan, long[] v, java.util.function.Consumer<KernelHost.Buffer> op) {
        int[] d = Layout.split(v);
        KernelHost.Buffer b = host.allocate(d.length);
        host.write(b, 0, d, d.length);
        op.accept(b);
        host.read(b, 0, d, d.length);
        return Layout.join(d);
    }

    /** A copy of {@code a} transformed by the CPU domain, forward or inverse. */
    private static long[] onCpu(FrDomain cpu, long[] a, boolean inverse) {
        long[] v = a.clone();
        if (inverse) {
            cpu.ifft(v);
        } else {
            cpu.fft(v);
        }
        return v;
    }

    /** Σ_k a_k (shift·ω^i)^k over BigIntegers. */
    private static long[] naiveDft(long[] coeffs, BigInteger omega, BigInteger shift) {
        int n = coeffs.length / 4;
        long[] out = new long[coeffs.length];
        for (int i = 0; i < n; i++) {
            BigInteger x = shift.multiply(omega.modPow(BigInteger.valueOf(i), Fr.R)).mod(Fr.R);
            BigInteger acc = BigInteger.ZERO;
            for (int k = n - 1; k >= 0; k--) {
                acc = acc.multiply(x).add(Fr.F.toBigInteger(coeffs, k * 4)).mod(Fr.R);
            }
            Fr.F.fromBigInteger(out, i * 4, acc);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void forwardMatchesNaiveDftOnEveryDomain(int lgN) {
        for (Fr.RootFamily family : Fr.RootFamily.values()) {
            try (Ntt plan = new Ntt(host, lgN, family)) {
                long[] a = randomVector(plan.n);
                BigInteger omega = family.root(lgN);
                assertArrayEquals(naiveDft(a, omega, BigInteger.ONE), onDevice(plan, a, plan::forward),
                        "forward 2^" + lgN + " " + family);
                for (Coset c : new Coset[] {Coset.GENERATOR, Coset.ODD}) {
                    long[] shift = plan.shift(c);
                    long[] got = onDevice(plan, a, b -> plan.cosetForward(b, shift));
                    assertArrayEquals(naiveDft(a, omega, Fr.F.toBigInteger(shift, 0)), got,
                            "coset " + c + " 2^" + lgN + " " + family);
                    assertArrayEquals(a, onDevice(plan, got, b -> plan.cosetInverse(b, shift)),
                            "coset round trip " + c + " 2^" + lgN);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 9, 10, 11})
    void matchesCpuDomainAndRoundTrips(int lgN) {
        Fr.RootFamily family = Fr.RootFamily.SNARKJS_5;
        FrDomain cpu = new FrDomain(lgN, family);
        try (Ntt plan = new Ntt(host, lgN, family)) {
            long[] a = randomVector(plan.n);
            long[] want = a.clone();
            cpu.fft(want);
            long[] got = onDevice(plan, a, plan::forward);
            assertArrayEquals(want, got, "forward 2^" + lgN);
            assertArrayEquals(a, onDevice(plan, got, plan::inverse), "round trip 2^" + lgN);
            long[] wantInv = a.clone();
            cpu.ifft(wantInv);
            assertArrayEquals(wantInv, onDevice(plan, a, plan::inverse), "inverse 2^" + lgN);
        }
    }

    @Test
    void manySmallPassesGiveTheSameTransform() {
        int lgN = 7;
        FrDomain cpu = new FrDomain(lgN, Fr.RootFamily.GENERATOR_7);
        for (int lgBlock = 1; lgBlock <= 4; lgBlock++) {
            try (Ntt plan = new Ntt(host, lgN, Fr.RootFamily.GENERATOR_7)) {
                plan.setLgBlock(lgBlock);
                long[] a = randomVector(plan.n);
                long[] want = a.clone();
                cpu.fft(want);
                assertArrayEquals(want, onDevice(plan, a, plan::forward), "lgBlock " + lgBlock);
                long[] shift = plan.shift(Coset.ODD);
                long[] wantCoset = a.clone();
                cpu.cosetIfft(wantCoset, shift);
                assertArrayEquals(wantCoset, onDevice(plan, a, b -> plan.cosetInverse(b, shift)), "coset inverse");
            }
        }
    }

    /**
     * The radix-2 passes ({@link NttKernels#pass}, {@code jzk.ntt.radix=2}): every size 2^1 … 2^12 under pass splits of at most 1, 3, 8 ({@link NttKernels#passSmall} only) and 10
     * stages: one pass (in place), two (data → scratch → data), many (scratch in place between): forward,
     * inverse, both coset directions and the subgroup-to-coset re-evaluation on both cosets equal the CPU domain
     * bit for bit.
     */
    @Test
    void everySizeAndPassSplitMatchesCpu() {
        Fr.RootFamily family = Fr.RootFamily.SNARKJS_5;
        for (int lgN = 1; lgN <= 12; lgN++) {
            FrDomain cpu = new FrDomain(lgN, family);
            for (int lgBlock : new int[] {1, 3, NttKernels.LG_SMALL_BLOCK, NttKernels.LG_BLOCK}) {
                try (Ntt plan = new Ntt(host, lgN, family)) {
                    plan.setRadix(2); // the radix-4 passes (the default) have their own test below
                    plan.setLgBlock(lgBlock);
                    String at = "radix 2, 2^" + lgN + ", passes of ≤ " + lgBlock + " stages";
                    long[] a = randomVector(plan.n);
                    long[] want = a.clone();
                    cpu.fft(want);
                    assertArrayEquals(want, onDevice(plan, a, plan::forward), "forward " + at);
                    want = a.clone();
                    cpu.ifft(want);
                    assertArrayEquals(want, onDevice(plan, a, plan::inverse), "inverse " + at);
                    for (Coset c : new Coset[] {Coset.GENERATOR, Coset.ODD}) {
                        long[] shift = plan.shift(c);
                        want = a.clone();
                        cpu.cosetFft(want, shift);
                        assertArrayEquals(want, onDevice(plan, a, b -> plan.cosetForward(b, shift)),
                                "coset forward " + c + " " + at);
                        want = a.clone();
                        cpu.cosetIfft(want, shift);
                        assertArrayEquals(want, onDevice(plan, a, b -> plan.cosetInverse(b, shift)),
                                "coset inverse " + c + " " + at);
                        want = a.clone();
                        cpu.ifft(want);
                        cpu.cosetFft(want, shift);
                        assertArrayEquals(want, onDevice(plan, a, b -> plan.toCoset(b, shift)),
                                "to coset " + c + " " + at);
                    }
                }
            }
        }
    }

    /**
     * The radix-4 passes in either local layout ({@link NttKernels#pass4}, {@link NttKernels#pass4Small}: limb-major;
     * {@link NttKernels#pass4q}, {@link NttKernels#pass4qSmall}: 16-byte quads; one-stage passes fall back to radix
     * 2): every size 2^1 … 2^14 under splits of at most 2, 3, 5, 8 and 10 stages (odd and even passes, the radix-2
     * last step of an odd pass, one pass in place, two, many; 2^14 at 10: passes of 7 + 7, at 8: 5 + 5 + 4), forward
     * and inverse against the CPU domain bit for bit, coset directions at the sizes up to 2^10. With quads, also the
     * stage-major twiddle tables ({@link NttKernels#pass4qT}, {@code jzk.ntt.twiddles=stage}), laid out per split,
     * up to 2^12.
     */
    @ParameterizedTest(name = "quads {0}, stage twiddles {1}")
    @CsvSource({"false, false", "true, false", "true, true"})
    void radix4PassesMatchCpuAtEverySizeAndSplit(boolean quads, boolean stage) {
        Fr.RootFamily family = Fr.RootFamily.SNARKJS_5;
        for (int lgN = 1; lgN <= 14; lgN++) {
            FrDomain cpu = new FrDomain(lgN, family);
            long[] a = randomVector(1 << lgN);
            long[] fwd = onCpu(cpu, a, false);
            long[] inv = onCpu(cpu, a, true);
            for (int lgBlock : new int[] {2, 3, 5, NttKernels.LG_SMALL_BLOCK, NttKernels.LG_BLOCK}) {
                if (lgN > 12 && lgBlock < 5) {
                    continue; // many one-stage-pair passes over 2^13+ add time, not cases
                }
                if (stage && lgN > 12) {
                    continue; // the stage tables' splits (one, two, many passes, odd and even) all occur up to 2^12
                }
                try (Ntt plan = new Ntt(host, lgN, family)) {
                    plan.setRadix(4);
                    plan.setQuadLayout(quads);
                    plan.setStageTwiddles(stage);
                    plan.setLgBlock(lgBlock);
                    String at = "radix 4 (" + (quads ? "quads" : "limb-major") + (stage ? ", stage twiddles" : "")
                            + "), 2^" + lgN
                            + ", passes of ≤ " + lgBlock + " stages";
                    assertArrayEquals(fwd, onDevice(plan, a, plan::forward), "forward " + at);
                    assertArrayEquals(inv, onDevice(plan, a, plan::inverse), "inverse " + at);
                    if (lgN <= 10) {
                        long[] shift = plan.shift(Coset.ODD);
                        long[] want = a.clone();
                        cpu.cosetFft(want, shift);
                        assertArrayEquals(want, onDevice(plan, a, b -> plan.cosetForward(b, shift)),
                                "coset forward " + at);
                        want = a.clone();
                        cpu.cosetIfft(want, shift);
                        assertArrayEquals(want, onDevice(plan, a, b -> plan.cosetInverse(b, shift)),
                                "coset inverse " + at);
                    }
                }
            }
        }
    }

    /**
     * Transforms of host memory ({@link Ntt#forward(MemorySegment)}, {@link NttKernels#pass4qCols}:
     * column blocks copied in and out beside the first and last passes) against the CPU domain bit for bit: sizes with
     * one, two and three passes (odd and even stages; small and big pass kernels), 1, 2, 3 (blocks of unequal width)
     * and more blocks than columns, either twiddle table, forward and inverse; a host segment larger than the data
     * keeps its tail.
     */
    @ParameterizedTest(name = "stage twiddles {0}")
    @ValueSource(booleans = {false, true})
    void hostMemoryTransformsMatchCpuForEveryBlockCount(boolean stage) {
        Fr.RootFamily family = Fr.RootFamily.SNARKJS_5;
        int[][] cases = {{5, 10}, {9, 3}, {10, 5}, {11, 10}, {12, 4}, {13, 5}, {14, 8}};
        for (int[] c : cases) {
            int lgN = c[0];
            FrDomain cpu = new FrDomain(lgN, family);
            long[] a = randomVector(1 << lgN);
            long[] fwd = onCpu(cpu, a, false);
            long[] inv = onCpu(cpu, a, true);
            for (int chunks : new int[] {1, 2, 3, 8, 1 << 12}) {
                try (Ntt plan = new Ntt(host, lgN, family);
                     var mem = host.allocateHost(a.length * 8L + 64)) {
                    plan.setRadix(4);
                    plan.setQuadLayout(true);
                    plan.setStageTwiddles(stage);
                    plan.setLgBlock(c[1]);
                    plan.setHostChunks(chunks);
                    String at = "host memory, 2^" + lgN + ", passes " + Arrays.toString(plan.passSplit())
                            + ", " + chunks + " blocks" + (stage ? ", stage twiddles" : "");
                    var seg = mem.segment();
                    long tail = 0x0123456789abcdefL;
                    seg.set(ValueLayout.JAVA_LONG_UNALIGNED, a.length * 8L + 56, tail);
                    MemorySegment.copy(a, 0, seg, LE_LONG, 0, a.length);
                    plan.forward(seg);
                    assertArrayEquals(fwd, seg.asSlice(0, a.length * 8L).toArray(LE_LONG), "forward " + at);
                    MemorySegment.copy(a, 0, seg, LE_LONG, 0, a.length);
                    plan.inverse(seg);
                    assertArrayEquals(inv, seg.asSlice(0, a.length * 8L).toArray(LE_LONG), "inverse " + at);
                    assertEquals(tail,
                            seg.get(ValueLayout.JAVA_LONG_UNALIGNED, a.length * 8L + 56),
                            "bytes after the data " + at);
                }
            }
        }
    }

    /** A host segment shorter than the transform is refused with the sizes, before anything is copied. */
    @Test
    void hostMemoryTooShortIsRefused() {
        try (Ntt plan = new Ntt(host, 6, Fr.RootFamily.SNARKJS_5); var mem = host.allocateHost(64 * 32 - 8)) {
            var e = assertThrows(IllegalArgumentException.class,
                    () -> plan.forward(mem.segment()));
            assertEquals(
                    "NTT of 2^6 needs 2048 bytes of host memory, got 2040", e.getMessage());
        }
    }

    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(
            ByteOrder.LITTLE_ENDIAN);

    /**
     * A host whose pass kernels allow only 8 work-items per group (as NVIDIA OpenCL allows 256 of the 512 a full
     * radix-2 pass wants): the plan splits passes to fit and the transform is unchanged, for either radix and layout.
     */
    @Test
    void passesShrinkToTheKernelsWorkGroupLimit() {
        int lgN = 9;
        FrDomain cpu = new FrDomain(lgN, Fr.RootFamily.GENERATOR_7);
        KernelHost limited = new KernelHost() {
            @Override
            public String name() {
                return host.name() + " (local size ≤ 8)";
            }

            @Override
            public Buffer allocate(long ints) {
                return host.allocate(ints);
            }

            @Override
            public void write(Buffer dst, long dstOffset, int[] src, int len) {
                host.write(dst, dstOffset, src, len);
            }

            @Override
            public void read(Buffer src, long srcOffset, int[] dst, int len) {
                host.read(src, srcOffset, dst, len);
            }

            @Override
            public void launch(java.lang.reflect.Method kernel, int globalSize, int localSize, Object... args) {
                if (kernel.getName().startsWith("pass") && localSize > 8) {
                    throw new IllegalStateException("local size " + localSize + " above the limit 8");
                }
                host.launch(kernel, globalSize, localSize, args);
            }

            @Override
            public int maxLocalSize(java.lang.reflect.Method kernel) {
                return kernel.getName().startsWith("pass") ? 8 : host.maxLocalSize(kernel);
            }

            @Override
            public void finish() {
                host.finish();
            }

            @Override
            public void close() {
            }
        };
        long[] a = randomVector(1 << lgN);
        long[] want = a.clone();
        cpu.fft(want);
        record Passes(int radix, boolean quads, boolean stage) {
        }
        // ≤ 8 work-items: passes of ≤ 4 stages (radix 2), ≤ 5 (radix 4)
        for (Passes p : new Passes[] {new Passes(2, false, false), new Passes(4, false, false),
                new Passes(4, true, false), new Passes(4, true, true)}) {
            try (Ntt plan = new Ntt(limited, lgN, Fr.RootFamily.GENERATOR_7)) {
                plan.setRadix(p.radix());
                plan.setQuadLayout(p.quads());
                plan.setStageTwiddles(p.stage());
                assertArrayEquals(want, onDevice(plan, a, plan::forward), "forward, " + p);
            }
        }
    }

    /**
     * The stage-major twiddle table ({@link NttKernels#stageTwiddles}) against ω^e computed by {@code Fr.F.pow} of the
     * plan's root: for each pass (s0, k) of the plan's split, stage s = s0 + ls, low < 2^s0, j < 2^ls, entry
     * {@code 2^s − 1 + low·2^ls + j} is ω_{2^(s+1)}^{low + j·2^s0} = ω_n^{(low + j·2^s0)·2^(lgN−1−s)}, n − 1 entries;
     * and its inverse with ω^{−1}. Small sizes, several splits.
     */
    @Test
    void stageTwiddleTableMatchesPowersOfTheRoot() {
        Fr.RootFamily family = Fr.RootFamily.GENERATOR_7;
        for (int lgN = 1; lgN <= 7; lgN++) {
            for (int lgBlock : new int[] {2, 3, NttKernels.LG_BLOCK}) {
                try (Ntt plan = new Ntt(host, lgN, family)) {
                    plan.setRadix(4);
                    plan.setQuadLayout(true);
                    plan.setStageTwiddles(true);
                    plan.setLgBlock(lgBlock);
                    int[] ks = plan.passSplit();
                    int sum = 0;
                    for (int k : ks) {
                        sum += k;
                    }
                    assertEquals(lgN, sum, "split " + java.util.Arrays.toString(ks));
                    for (boolean inverse : new boolean[] {false, true}) {
                        long[] root = Fr.rootOfUnity(lgN, family);
                        if (inverse) {
                            Fr.F.inverse(root, 0, root.clone(), 0);
                        }
                        long[] want = new long[(plan.n - 1) * 4];
                        for (int p = 0, s0 = 0; p < ks.length; s0 += ks[p], p++) {
                            for (int ls = 0; ls < ks[p]; ls++) {
                                int s = s0 + ls;
                                for (int low = 0; low < 1 << s0; low++) {
                                    for (int j = 0; j < 1 << ls; j++) {
                                        long e = (long) (low + (j << s0)) << (lgN - 1 - s);
                                        Fr.F.pow(want, ((1 << s) - 1 + (low << ls) + j) * 4, root, 0,
                                                BigInteger.valueOf(e));
                                    }
                                }
                            }
                        }
                        int[] got = new int[(plan.n - 1) * 8];
                        host.read(plan.stageTable(inverse), 0, got, got.length);
                        assertArrayEquals(want, Layout.join(got), (inverse ? "inverse" : "forward") + " 2^" + lgN
                                + ", split " + java.util.Arrays.toString(ks));
                    }
                }
            }
        }
    }
}
