package jzk.arith;

class G2CurveTest extends CurveSuite {
    @Override
    Curve curve() {
        return G2.CURVE;
    }
}
