package jzk.arith;

class G1CurveTest extends CurveSuite {
    @Override
    Curve curve() {
        return G1.CURVE;
    }
}
