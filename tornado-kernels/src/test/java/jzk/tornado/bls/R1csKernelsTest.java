package jzk.tornado.bls;

import jzk.tornado.bls.kernels.Mont32;
import jzk.tornado.bls.kernels.R1csKernels;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The R1CS kernels ({@link R1csKernels} through {@link DeviceMatrix} and {@link BlsGpu}) on every test host against
 * BigInteger arithmetic mod r, bit for bit: the mat-vec on a random CSR with the edges (empty rows, a 300-entry row,
 * coefficients 0, 1, r − 1, values 0, 1, r − 1, repeated columns), with and without the "coefficient 1 is an
 * addition" id, the copied input rows and the zero padding (the output is pre-filled with garbage, so every element
 * must be written); the satisfaction count; Montgomery → canonical on a sub-range.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jzk.tornado.bls.TestHosts#hosts")
class R1csKernelsTest {
    private static final BigInteger R = Oracle.R;
    private final Random rnd = new Random(20261201);
    @Parameter
    KernelHost host;

    private BigInteger value(int i) {
        return switch (i % 7) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE;
            case 2 -> R.subtract(BigInteger.ONE);
            default -> Oracle.random(rnd, R);
        };
    }

    private static int[] mont(List<BigInteger> v) {
        int[] out = new int[8 * v.size()];
        for (int i = 0; i < v.size(); i++) {
            Oracle.putMont(Mont32.FR, v.get(i), out, 8 * i);
        }
        return out;
    }

    private KernelHost.Buffer upload(int[] v) {
        KernelHost.Buffer b = host.allocate(v.length);
        host.write(b, 0, v, v.length);
        return b;
    }

    private int[] read(KernelHost.Buffer b, int ints) {
        int[] out = new int[ints];
        host.read(b, 0, out, ints);
        return out;
    }

    @Test
    void mulVecMatchesBigIntegerSums() {
        int cols = 97;
        int rows = 150;
        List<BigInteger> z = new ArrayList<>();
        for (int i = 0; i < cols; i++) {
            z.add(value(i));
        }
        // table: id 0 = 2, id 1 = 1, id 2 = 0, id 3 = r − 1, then random
        List<BigInteger> table = new ArrayList<>(List.of(BigInteger.TWO, BigInteger.ONE, BigInteger.ZERO,
                R.subtract(BigInteger.ONE)));
        for (int i = 0; i < 12; i++) {
            table.add(Oracle.random(rnd, R));
        }
        int[] rowStart = new int[rows + 1];
        List<Integer> colList = new ArrayList<>();
        List<Integer> idList = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            int len = i % 10 == 0 ? 0 : i == 77 ? 300 : 1 + rnd.nextInt(6);
            for (int k = 0; k < len; k++) {
                colList.add(k == 1 && len > 2 ? colList.get(colList.size() - 1) : rnd.nextInt(cols)); // repeats
                idList.add(i % 3 == 0 ? 1 : rnd.nextInt(table.size()));
            }
            rowStart[i + 1] = colList.size();
        }
        int[] colIndex = colList.stream().mapToInt(Integer::intValue).toArray();
        int[] coeffId = idList.stream().mapToInt(Integer::intValue).toArray();
        long[] tableLongs = Layout.join(mont(table));
        int copy = 5;
        int n = 256;
        BigInteger[] want = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger s = BigInteger.ZERO;
            if (i < rows) {
                for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                    s = s.add(table.get(coeffId[k]).multiply(z.get(colIndex[k])));
                }
            } else if (i - rows < copy) {
                s = z.get(i - rows);
            }
            want[i] = s.mod(R);
        }
        for (int oneId : new int[] {1, -1}) {
            try (DeviceMatrix m = new DeviceMatrix(host, rows, cols, rowStart, colIndex, coeffId, tableLongs, oneId);
                 KernelHost.Buffer zb = upload(mont(z)); KernelHost.Buffer out = host.allocate(8L * n)) {
                int[] garbage = new int[8 * n];
                java.util.Arrays.fill(garbage, 0x5a5a5a5a);
                host.write(out, 0, garbage, garbage.length);
                m.mulVec(zb, out, copy, n);
                int[] got = read(out, 8 * n);
                for (int i = 0; i < n; i++) {
                    int[] expect = new int[8];
                    Oracle.putMont(Mont32.FR, want[i], expect, 0);
                    for (int l = 0; l < 8; l++) {
                        assertEquals(expect[l], got[8 * i + l], "row " + i + " limb " + l + " oneId " + oneId);
                    }
                }
            }
        }
    }

    @Test
    void countUnsatisfiedMatchesBigInteger() {
        int rows = 200;
        List<BigInteger> a = new ArrayList<>();
        List<BigInteger> b = new ArrayList<>();
        List<BigInteger> c = new ArrayList<>();
        int want = 0;
        for (int i = 0; i < rows + 10; i++) {
            BigInteger x = value(i);
            BigInteger y = value(i + 3);
            BigInteger p = x.multiply(y).mod(R);
            boolean bad = i % 9 == 4;
            BigInteger z = bad ? p.add(BigInteger.ONE).mod(R) : p;
            if (i >= rows) {
                z = p.add(BigInteger.TWO).mod(R); // beyond the counted rows: never counted
            } else if (bad) {
                want++;
            }
            a.add(x);
            b.add(y);
            c.add(z);
        }
        try (KernelHost.Buffer ba = upload(mont(a)); KernelHost.Buffer bb = upload(mont(b));
             KernelHost.Buffer bc = upload(mont(c))) {
            assertEquals(want, BlsGpu.countUnsatisfied(host, ba, bb, bc, rows));
            assertEquals(0, BlsGpu.countUnsatisfied(host, ba, bb, bc, 0));
        }
    }

    @Test
    void fromMontgomeryGivesCanonicalLimbsOnItsRange() {
        int total = 90;
        int from = 3;
        int n = 80;
        List<BigInteger> v = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            v.add(value(i));
        }
        int[] src = mont(v);
        try (KernelHost.Buffer b = upload(src)) {
            BlsGpu.toCanonical(host, b, from, n);
            int[] got = read(b, src.length);
            for (int i = 0; i < total; i++) {
                int[] expect = new int[8];
                if (i >= from && i < from + n) {
                    Oracle.putRaw(v.get(i), 8, expect, 0);
                } else {
                    System.arraycopy(src, 8 * i, expect, 0, 8);
                }
                for (int l = 0; l < 8; l++) {
                    assertEquals(expect[l], got[8 * i + l], "element " + i + " limb " + l);
                }
            }
        }
    }
}
