package jzk.tornado.bls;

import jzk.tornado.bls.kernels.MontFp;
import jzk.tornado.bls.kernels.Mont32;
import jzk.tornado.bls.kernels.MontFr;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import jzk.tornado.api.MontgomeryProduct;
import org.junit.jupiter.api.Test;

/**
 * The modulus written into the {@link MontgomeryProduct} annotation of {@link MontFr#mul} is the one its Java body
 * uses ({@link Mont32#MODULUS}, {@link Mont32#NEG_INV}): the JIT's PTX product is built from the annotation, the
 * jvm twin from the body. {@link MontFp#mul} stays unmarked (its kernels measured slower with the PTX product).
 */
class MontgomeryProductTest {
    private static MontgomeryProduct of(Class<?> c) throws Exception {
        return c.getDeclaredMethod("mul", int[].class, int.class, int[].class, int.class, int[].class, int.class)
                .getAnnotation(MontgomeryProduct.class);
    }

    @Test
    void annotationsMatchTheBodies() throws Exception {
        org.junit.jupiter.api.Assertions.assertNull(of(MontFp.class));
        MontgomeryProduct fr = of(MontFr.class);
        assertArrayEquals(Arrays.copyOfRange(Mont32.MODULUS, 0, 8), fr.modulus());
        assertEquals(Mont32.NEG_INV[Mont32.FR], fr.negInv());
    }
}
