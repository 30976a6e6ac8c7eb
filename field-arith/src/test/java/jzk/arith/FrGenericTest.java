package jzk.arith;

/** The shared suite on the generic loop implementation of Fr (the reference behind the generated code). */
class FrGenericTest extends MontgomeryFieldSuite {
    @Override
    MontgomeryField field() {
        return Fr.F.generic();
    }
}
