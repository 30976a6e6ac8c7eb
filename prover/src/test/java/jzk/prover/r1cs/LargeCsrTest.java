package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import jzk.arith.Fr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A synthetic CSR of 2^25 rows and 3·2^25 ≈ 10^8 entries, past the 2^26-entry offset where the B-row plan broke
 * (JDK's ranged Arrays.equals, {@link jzk.arith.ArrayRanges}): every row of B aliases the same row of A, R1cs
 * validates all 2^25 aliases, and the mat-vec matches a BigInteger reference on sampled rows, the last included.
 * ≈ 2.2 GiB of heap and tens of seconds on 2 cores: {@code -Djzk.bigTests=true} with {@code -Xmx4g} or more.
 */
@EnabledIfSystemProperty(named = "jzk.bigTests", matches = "true")
class LargeCsrTest {
    static final int ROWS = 1 << 25;
    static final int COLS = 1 << 16;
    static final int PER_ROW = 3;

    static int col(int row, int j) {
        return (int) (((long) row * (2 * j + 7) + j) % COLS);
    }

    @Test
    void twoToThe25RowsValidateAndMultiply() {
        int nnz = ROWS * PER_ROW;
        int[] rowStart = new int[ROWS + 1];
        int[] cols = new int[nnz];
        int[] ids = new int[nnz];
        long[] table = new long[3 * 4];
        Fr.F.setOne(table, 0);
        System.arraycopy(Fr.F.fromLong(2), 0, table, 4, 4);
        System.arraycopy(Fr.F.fromLong(-1), 0, table, 8, 4);
        for (int i = 0; i < ROWS; i++) {
            rowStart[i + 1] = (i + 1) * PER_ROW;
            for (int j = 0; j < PER_ROW; j++) {
                cols[i * PER_ROW + j] = col(i, j);
                ids[i * PER_ROW + j] = (i + j) % 3;
            }
        }
        CsrMatrix a = new CsrMatrix(ROWS, COLS, rowStart, cols, ids, table);
        CsrMatrix c = new CsrMatrix(ROWS, COLS, new int[ROWS + 1], new int[0], new int[0], table);
        int[] plan = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            plan[i] = i;
        }
        R1cs r = new R1cs(0, COLS - 1, a, a, c, null, plan); // validates every alias, up to entry 3·2^25
        assertEquals(ROWS, r.aliasedBRows());
        assertTrue(a.rowStart()[ROWS - 1] >= 1 << 26);

        Random rnd = new Random(3);
        long[] z = new long[COLS * 4];
        BigInteger[] zb = new BigInteger[COLS];
        Fr.F.setOne(z, 0);
        zb[0] = BigInteger.ONE;
        for (int k = 1; k < COLS; k++) {
            Fr.F.random(z, 4 * k, rnd);
            zb[k] = Fr.F.toBigInteger(z, 4 * k);
        }
        long[] out = new long[ROWS * 4];
        a.mulVec(z, out);
        BigInteger[] coef = {BigInteger.ONE, BigInteger.TWO, Fr.R.subtract(BigInteger.ONE)};
        for (int s = 0; s <= 2000; s++) {
            int i = s == 2000 ? ROWS - 1 : rnd.nextInt(ROWS);
            BigInteger sum = BigInteger.ZERO;
            for (int j = 0; j < PER_ROW; j++) {
                sum = sum.add(coef[(i + j) % 3].multiply(zb[col(i, j)]));
            }
            assertEquals(sum.mod(Fr.R), Fr.F.toBigInteger(out, 4 * i), "row " + i);
        }
    }
}
