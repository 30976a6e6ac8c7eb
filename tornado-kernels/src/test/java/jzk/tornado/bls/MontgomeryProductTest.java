package jzk.tornado.bls;

import jzk.tornado.bls.kernels.MontFp;
import jzk.tornado.bls.kernels.Mont32;
import jzk.tornado.bls.kernels.MontFr;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import jzk.tornado.api.ModularSum;
import jzk.tornado.api.MontgomeryProduct;
import org.junit.jupiter.api.Test;

/**
 * The modulus written into the {@link MontgomeryProduct} / {@link ModularSum} annotations of {@link MontFr} and
 * {@link MontFp} is the one their Java bodies use ({@link Mont32#MODULUS}, {@link Mont32#NEG_INV}): the JIT's PTX
 * is built from the annotation, the jvm twin from the body. MontFp's are opt-in ({@code jzk.jit.optInProducts}:
 * its kernels measured slower with the rows-form PTX product; the pairs form awaits its H200 A/B), MontFr's are not.
 */
class MontgomeryProductTest {
    private static Method op(Class<?> c, String name) throws Exception {
        return c.getDeclaredMethod(name, int[].class, int.class, int[].class, int.class, int[].class, int.class);
    }

    @Test
    void annotationsMatchTheBodies() throws Exception {
        MontgomeryProduct fr = op(MontFr.class, "mul").getAnnotation(MontgomeryProduct.class);
        assertArrayEquals(Arrays.copyOfRange(Mont32.MODULUS, 0, 8), fr.modulus());
        assertEquals(Mont32.NEG_INV[Mont32.FR], fr.negInv());
        assertFalse(fr.optIn(), "Fr's product: always replaced in PTX");
        int[] p = Arrays.copyOfRange(Mont32.MODULUS, 12, 24);
        MontgomeryProduct fp = op(MontFp.class, "mul").getAnnotation(MontgomeryProduct.class);
        assertArrayEquals(p, fp.modulus());
        assertEquals(Mont32.NEG_INV[Mont32.FP], fp.negInv());
        assertTrue(fp.optIn(), "Fp's product: replaced only by opt-in");
        for (String name : List.of("add", "sub")) {
            ModularSum fpSum = op(MontFp.class, name).getAnnotation(ModularSum.class);
            assertArrayEquals(p, fpSum.modulus(), name);
            assertTrue(fpSum.optIn() && fpSum.subtract() == name.equals("sub"), name);
            ModularSum frSum = op(MontFr.class, name).getAnnotation(ModularSum.class);
            assertArrayEquals(Arrays.copyOfRange(Mont32.MODULUS, 0, 8), frSum.modulus(), name);
            assertFalse(frSum.optIn(), name);
        }
    }
}
