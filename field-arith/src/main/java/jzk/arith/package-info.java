/**
 * BLS12-381 arithmetic on the CPU, the project's ground truth: the fields Fr and Fp in Montgomery form on 64-bit
 * limbs ({@link jzk.arith.MontgomeryField}, with the generated {@link jzk.arith.MontgomeryUnrolled}), the tower
 * Fp2 / Fp6 / Fp12, G1 and G2 ({@link jzk.arith.Curve}), point encodings, the pairing, the Fr NTT domain
 * ({@link jzk.arith.FrDomain}) and Pippenger MSM. Depends on the JDK only (bottom module: nothing of jzk may be
 * imported here). Tests: {@code field-arith/src/test/java/jzk/arith} (known-answer vectors such as EIP-2537, a
 * Milagro oracle, BigInteger cross-checks; benchmarks under {@code bench/}).
 */
package jzk.arith;
