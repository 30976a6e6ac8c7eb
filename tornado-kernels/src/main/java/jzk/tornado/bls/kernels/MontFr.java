package jzk.tornado.bls.kernels;

import jzk.tornado.api.ModularSum;
import jzk.tornado.api.MontgomeryProduct;

/**
 * The Fr Montgomery product as one call the kernel JIT can recognise: {@link Mont32#mul} with {@code f = FR}
 * (8 limbs, {@code R = 2^256}), marked {@link MontgomeryProduct} so that for PTX each call becomes the JIT's
 * carry-chain product ({@code -Djzk.jit.carryChains=false}: this body, as on the jvm device and in OpenCL C); and
 * {@link Mont32#add}/{@link Mont32#sub} for Fr, marked {@link ModularSum} (PTX: carry chains, unless
 * {@code -Djzk.jit.modularSums=false}). Same invariants as {@link Mont32}: inputs reduced below r, output reduced,
 * r may alias a or b.
 */
public final class MontFr {
    private MontFr() {
    }

    /** r = a·b·2^-256 mod r (the scalar field's modulus, {@code Mont32.MODULUS[0..8)}; −r⁻¹ mod 2^32 = 0xffffffff). */
    @MontgomeryProduct(modulus = {0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402, 0x09a1d805, 0x3339d808,
        0x299d7d48, 0x73eda753}, negInv = 0xffffffff)
    public static void mul(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.mul(Mont32.FR, r, ro, a, ao, b, bo);
    }

    /** r = a + b mod r (the scalar field's modulus). */
    @ModularSum(modulus = {0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402, 0x09a1d805, 0x3339d808, 0x299d7d48,
        0x73eda753})
    public static void add(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.add(Mont32.FR, r, ro, a, ao, b, bo);
    }

    /** r = a − b mod r. */
    @ModularSum(modulus = {0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402, 0x09a1d805, 0x3339d808, 0x299d7d48,
        0x73eda753}, subtract = true)
    public static void sub(int[] r, int ro, int[] a, int ao, int[] b, int bo) {
        Mont32.sub(Mont32.FR, r, ro, a, ao, b, bo);
    }
}
