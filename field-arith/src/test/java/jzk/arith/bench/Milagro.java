package jzk.arith.bench;

import java.math.BigInteger;
import jzk.arith.Fp;
import jzk.arith.G1;
import jzk.arith.G2;
import org.apache.milagro.amcl.BLS381.BIG;
import org.apache.milagro.amcl.BLS381.ECP;
import org.apache.milagro.amcl.BLS381.ECP2;
import org.apache.milagro.amcl.BLS381.FP2;

/** Conversions from jzk values to Milagro AMCL 0.4.0 objects, for benchmark setup only. */
final class Milagro {
    private Milagro() {
    }

    static BIG big(BigInteger x) {
        byte[] bytes = new byte[BIG.MODBYTES];
        byte[] raw = x.toByteArray();
        int len = Math.min(raw.length, bytes.length);
        System.arraycopy(raw, raw.length - len, bytes, bytes.length - len, len);
        return BIG.fromBytes(bytes);
    }

    static ECP g1(long[] affine, int off) {
        BigInteger[] c = G1.coordinates(affine, off);
        return new ECP(big(c[0]), big(c[1]));
    }

    static ECP2 g2(long[] affine, int off) {
        BigInteger[] c = G2.coordinates(affine, off);
        return new ECP2(new FP2(big(c[0]), big(c[1])), new FP2(big(c[2]), big(c[3])));
    }

    static BigInteger fp(long[] a, int off) {
        return Fp.F.toBigInteger(a, off);
    }
}
