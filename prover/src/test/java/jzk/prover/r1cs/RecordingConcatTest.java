package jzk.prover.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import jzk.arith.Fr;
import jzk.prover.circuits.PorepShape;
import jzk.prover.circuits.StackedDrgShape;
import jzk.prover.gadgets.MerkleHash;
import jzk.prover.groth16.ParamsFile;
import org.junit.jupiter.api.Test;

/**
 * {@link ParallelRecording} gives, array for array, the R1CS of the serial recorder
 * ({@link Synthesizer#recordSerially}):
 * row offsets, columns, coefficient ids and table, the B-row plan, names, counts, and so the shape id the parameter
 * files are keyed by. On the two built-in families (small shapes, several challenges) and on a made-up circuit
 * whose pieces' first B rows equal A rows of the pieces before them (the B-row plan's window across a boundary,
 * through pieces shorter than the window).
 */
class RecordingConcatTest {
    static void assertSameR1cs(R1cs want, R1cs got) {
        assertEquals(want.numInputs(), got.numInputs(), "inputs");
        assertEquals(want.numAux(), got.numAux(), "aux");
        assertEquals(want.numConstraints(), got.numConstraints(), "constraints");
        CsrMatrix[] w = {want.a(), want.b(), want.c()};
        CsrMatrix[] g = {got.a(), got.b(), got.c()};
        for (int m = 0; m < 3; m++) {
            String name = "ABC".charAt(m) + ": ";
            int nnz = w[m].nnz();
            assertEquals(nnz, g[m].nnz(), name + "nnz");
            assertArrayEquals(w[m].rowStart(), g[m].rowStart(), name + "row starts");
            assertArrayEquals(Arrays.copyOf(w[m].colIndex(), nnz), Arrays.copyOf(g[m].colIndex(), nnz),
                    name + "columns");
            assertArrayEquals(Arrays.copyOf(w[m].coeffId(), nnz), Arrays.copyOf(g[m].coeffId(), nnz), name + "ids");
            assertArrayEquals(w[m].coeffTable(), g[m].coeffTable(), name + "coefficient table");
        }
        for (int i = 0; i < want.numConstraints(); i++) {
            assertEquals(want.bRowAlias(i), got.bRowAlias(i), "B-row plan at row " + i);
        }
        assertEquals(want.hasNames(), got.hasNames());
        if (want.hasNames()) {
            for (int i = 0; i < want.numConstraints(); i++) {
                assertEquals(want.constraintName(i), got.constraintName(i), "name of row " + i);
            }
        }
        assertArrayEquals(ParamsFile.shapeId(want), ParamsFile.shapeId(got), "shape id");
    }

    @Test
    void builtInFamiliesRecordTheSameMatricesInPieces() {
        // the smallest StackedDRG shape of three challenges (≈ 0.47 M constraints: without names, as batches record)
        Circuit[] circuits = {new StackedDrgShape(3, 1, 2, 1).shapeOnly(),
                new PorepShape(4, 3, MerkleHash.POSEIDON).shapeOnly(),
                new PorepShape(2, 3, MerkleHash.SHA256).shapeOnly()};
        for (Circuit c : circuits) {
            for (boolean names : c instanceof jzk.prover.circuits.StackedDrgCircuit ? new boolean[] {false}
                    : new boolean[] {false, true}) {
                R1cs serial = Synthesizer.recordSerially(c, names);
                R1cs pieces = ((ParallelRecording.Recordable) c).recordInPieces(names);
                assertSameR1cs(serial, pieces);
                assertTrue(serial.aliasedBRows() > 0, "the plan is exercised");
            }
        }
    }

    /** Head: x (input), y (aux). Piece c: 1 or 2 constraints whose B rows repeat A rows of earlier pieces. */
    private static R1cs windowCircuit(int pieces, boolean parallel) {
        java.util.function.Function<ConstraintSystem, Variable[]> head = cs -> {
            Variable x = cs.allocInput("x", () -> Fr.F.fromLong(3));
            Variable y = cs.alloc("y", () -> Fr.F.fromLong(4));
            cs.enforce("head", LinearCombination.of(x).add(y), LinearCombination.of(y), LinearCombination.of(x));
            return new Variable[] {x, y};
        };
        ParallelWitness.Piece<Variable[]> piece = (cs, c, h) -> {
            cs.pushNamespace("piece" + c);
            Variable v = cs.alloc("v", () -> Fr.F.fromLong(c));
            long[] k = Fr.F.fromLong(c % 3 + 2);
            // A = x + k·y (k cycles through 2, 3, 4): piece c's B row is piece (c − 3)'s A row, 3 to 6 rows back
            LinearCombination a = LinearCombination.of(h[0]).add(h[1], k);
            LinearCombination b = LinearCombination.of(h[0]).add(h[1], k);
            cs.enforce("first", a, b, LinearCombination.of(v));
            if (c % 2 == 0) { // even pieces are two rows long; the B row x + y is the head's A row
                cs.enforce("second", LinearCombination.of(v).add(h[1]), LinearCombination.of(h[0]).add(h[1]),
                        LinearCombination.of(v));
            }
            cs.popNamespace();
        };
        if (parallel) {
            return ParallelRecording.of(head, pieces, piece, true);
        }
        return Synthesizer.recordSerially(cs -> {
            Variable[] h = head.apply(cs);
            for (int c = 0; c < pieces; c++) {
                piece.synthesize(cs, c, h);
            }
        }, true);
    }

    @Test
    void bRowPlanReachesAcrossPieces() {
        for (int pieces : new int[] {0, 1, 2, 7}) {
            R1cs serial = windowCircuit(pieces, false);
            assertSameR1cs(serial, windowCircuit(pieces, true));
        }
        R1cs serial = windowCircuit(7, false);
        assertTrue(serial.aliasedBRows() >= 4, "rows aliased across piece boundaries: " + serial.aliasedBRows());
    }

    /** Pieces of different sizes (inputs and aux) are numbered as one recorder numbers them. */
    @Test
    void piecesOfDifferentSizesKeepTheSerialNumbering() {
        java.util.function.Function<ConstraintSystem, Variable> head = cs -> {
            Variable x = cs.allocInput("x", () -> Fr.F.fromLong(1));
            cs.alloc("unused", () -> Fr.F.fromLong(1));
            return x;
        };
        ParallelWitness.Piece<Variable> piece = (cs, c, x) -> {
            LinearCombination sum = LinearCombination.of(x);
            for (int i = 0; i <= c % 3; i++) {
                Variable in = cs.allocInput("in" + i, () -> Fr.F.fromLong(1));
                Variable v = cs.alloc("v" + i, () -> Fr.F.fromLong(1));
                cs.enforce("c" + i, LinearCombination.of(in).add(x), LinearCombination.of(v),
                        LinearCombination.of(v).add(in));
                sum = sum.add(v);
            }
            cs.enforce("sum", sum, LinearCombination.of(Variable.ONE), sum);
        };
        R1cs serial = Synthesizer.recordSerially(cs -> {
            Variable x = head.apply(cs);
            for (int c = 0; c < 5; c++) {
                piece.synthesize(cs, c, x);
            }
        }, true);
        assertSameR1cs(serial, ParallelRecording.of(head, 5, piece, true));
        assertEquals(1 + 1 + 2 + 3 + 1 + 2, serial.numInputs());
    }
}
