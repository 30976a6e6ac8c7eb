package jzk.arith;

/** The shared suite on the generic loop implementation of Fp (the reference behind the generated code). */
class FpGenericTest extends MontgomeryFieldSuite {
    @Override
    MontgomeryField field() {
        return Fp.F.generic();
    }
}
