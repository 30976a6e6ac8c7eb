package jzk.prover.gadgets;

import jzk.prover.r1cs.ConstraintSystem;

/**
 * SHA-256 (FIPS 180-4) in a circuit: the compression function of §6.2.2 on {@link UInt32} words and the padding
 * of §5.1.1, which depends only on the message length and so adds constant bits only.
 *
 * <p>Bit order: messages and digests are bit arrays in the standard big-endian order (byte 0 first, each byte's
 * most significant bit first), as {@link java.security.MessageDigest} reads bytes. Constants are fed as constant
 * booleans, so work on them costs nothing (the padding block's message schedule is free).
 */
public final class Sha256Gadget {
    private Sha256Gadget() {
    }

    /** H(0): first 32 bits of the fractional parts of the square roots of the first 8 primes (FIPS 180-4 §5.3.3). */
    static final int[] IV = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };

    /** K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2). */
    static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };

    /** SHA-256 of a message of {@code message.length} bits (any length, not only whole bytes). */
    public static Boolean[] hash(ConstraintSystem cs, String name, Boolean[] message) {
        Boolean[] padded = pad(message);
        UInt32[] h = new UInt32[8];
        for (int i = 0; i < 8; i++) {
            h[i] = UInt32.constant(IV[i]);
        }
        cs.pushNamespace(name);
        try {
            for (int blk = 0; blk < padded.length / 512; blk++) {
                int b = blk;
                UInt32[] cur = h;
                UInt32[][] next = new UInt32[1][];
                cs.namespace("block" + blk, () -> next[0] = compress(cs, cur, padded, b * 512));
                h = next[0];
            }
        } finally {
            cs.popNamespace();
        }
        Boolean[] out = new Boolean[256];
        for (int i = 0; i < 8; i++) {
            h[i].toBitsBe(out, 32 * i);
        }
        return out;
    }

    /** §5.1.1: append 1, zeros to 448 mod 512, then the 64-bit big-endian bit length. */
    static Boolean[] pad(Boolean[] message) {
        long len = message.length;
        int total = (int) (((len + 1 + 64 + 511) / 512) * 512);
        Boolean[] p = new Boolean[total];
        System.arraycopy(message, 0, p, 0, message.length);
        p[message.length] = Boolean.TRUE;
        for (int i = message.length + 1; i < total - 64; i++) {
            p[i] = Boolean.FALSE;
        }
        for (int i = 0; i < 64; i++) {
            p[total - 1 - i] = Boolean.constant(((len >>> i) & 1) != 0);
        }
        return p;
    }

    /** One compression (§6.2.2) of the 512-bit block at {@code block[off..]} into state {@code h}. */
    public static UInt32[] compress(ConstraintSystem cs, UInt32[] h, Boolean[] block, int off) {
        UInt32[] w = new UInt32[64];
        for (int t = 0; t < 16; t++) {
            w[t] = UInt32.fromBitsBe(block, off + 32 * t);
        }
        for (int t = 16; t < 64; t++) {
            String n = "w" + t;
            UInt32 x = w[t - 15];
            UInt32 s0 = x.rotr(7).xor(cs, n + "/s0a", x.rotr(18)).xor(cs, n + "/s0b", x.shr(3));
            UInt32 y = w[t - 2];
            UInt32 s1 = y.rotr(17).xor(cs, n + "/s1a", y.rotr(19)).xor(cs, n + "/s1b", y.shr(10));
            w[t] = UInt32.addMany(cs, n + "/add", s1, w[t - 7], s0, w[t - 16]);
        }
        UInt32 a = h[0];
        UInt32 b = h[1];
        UInt32 c = h[2];
        UInt32 d = h[3];
        UInt32 e = h[4];
        UInt32 f = h[5];
        UInt32 g = h[6];
        UInt32 hh = h[7];
        for (int t = 0; t < 64; t++) {
            String n = "r" + t;
            UInt32 bigS1 = e.rotr(6).xor(cs, n + "/S1a", e.rotr(11)).xor(cs, n + "/S1b", e.rotr(25));
            UInt32 ch = UInt32.ch(cs, n + "/ch", e, f, g);
            UInt32 bigS0 = a.rotr(2).xor(cs, n + "/S0a", a.rotr(13)).xor(cs, n + "/S0b", a.rotr(22));
            UInt32 maj = UInt32.maj(cs, n + "/maj", a, b, c);
            UInt32 k = UInt32.constant(K[t]);
            // e' = d + T1 and a' = T1 + T2 as single multi-operand additions (T1 is never materialised)
            UInt32 newE = UInt32.addMany(cs, n + "/e", d, hh, bigS1, ch, k, w[t]);
            UInt32 newA = UInt32.addMany(cs, n + "/a", hh, bigS1, ch, k, w[t], bigS0, maj);
            hh = g;
            g = f;
            f = e;
            e = newE;
            d = c;
            c = b;
            b = a;
            a = newA;
        }
        UInt32[] s = {a, b, c, d, e, f, g, hh};
        UInt32[] out = new UInt32[8];
        for (int i = 0; i < 8; i++) {
            out[i] = UInt32.addMany(cs, "h" + i, h[i], s[i]);
        }
        return out;
    }
}
