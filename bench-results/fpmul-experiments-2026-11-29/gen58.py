# prototype generator: 7x58 product-scanning Montgomery, with conversion from/to 6x64 Montgomery (R=2^384)
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
N=7; W=58; M=(1<<W)-1
pl=[(p>>(W*i))&M for i in range(N)]
inv = (-pow(p, -1, 1<<W)) % (1<<W)
def h(x): return "0x%xL"%x
out=[]
e=out.append
e("package jzk.arith;")
e("final class Exp58 {")
e("  static final long M = 0x%xL;"%M)
e("  static final long INV = %s;"%h(inv))
for i in range(N):
    e("  static final long P%d = %s; static final long PS%d = %s;"%(i,h(pl[i]),i,h((pl[i]<<6) & ((1<<64)-1))))
def load_in(name, arr, off, shift):
    # value x*2^shift split into 7 limbs of 58 bits; x in 6 64-bit words
    lines=[]
    for k in range(N):
        s = W*k - shift  # bit of x at start of limb
        parts=[]
        if s < 0:
            parts.append("(%s[%s] << %d)"%(arr,off,-s))
        else:
            w, o = divmod(s, 64)
            if w < 6:
                parts.append("(%s[%s + %d] >>> %d)"%(arr,off,w,o) if o else "%s[%s + %d]"%(arr,off,w))
            if o and w+1 < 6 and 64-o < W:
                parts.append("(%s[%s + %d] << %d)"%(arr,off,w+1,64-o))
        lines.append("    final long %s%d = (%s) & M;"%(name,k," | ".join(parts)))
    return lines
def mac(lst, x, y, ys):
    # y: value (for lo), ys: y<<6 (for hi)
    lst.append("    lo = %s * %s; L += lo & M; H += Math.unsignedMultiplyHigh(%s, %s);"%(x,y,x,ys))
def gen_mul(name, square=False):
    e("  static void %s(long[] r, int ro, long[] a, int ao, long[] b, int bo) {"%name)
    out.extend(load_in("a","a","ao",22))
    out.extend(load_in("b","b","bo",0))
    for k in range(N): e("    final long s%d = b%d << 6;"%(k,k))
    e("    long lo, L = 0, H = 0, c;")
    for k in range(N): e("    long m%d;"%k)
    for col in range(2*N-1):
        body=[]
        for j in range(max(0,col-N+1), min(col,N-1)+1):
            mac(body, "a%d"%j, "b%d"%(col-j), "s%d"%(col-j))
        for j in range(max(0,col-N+1), min(col-1,N-1)+1):
            mac(body, "m%d"%j, "P%d"%(col-j), "PS%d"%(col-j))
        out.extend(body)
        if col < N:
            e("    m%d = (L * INV) & M;"%col)
            e("    lo = m%d * P0; L += lo & M; H += Math.unsignedMultiplyHigh(m%d, PS0);"%(col,col))
            e("    L = (L >>> 58) + H; H = 0;")
        else:
            e("    final long t%d = L & M; L = (L >>> 58) + H; H = 0;"%(col-N))
    e("    final long t%d = L;"%(N-1))
    # convert 7x58 (value < 2p) to 6x64, then conditional subtract p
    for w in range(6):
        parts=[]
        for k in range(N):
            lo_bit=W*k; hi_bit=W*k+W
            if hi_bit <= 64*w or lo_bit >= 64*w+64: 
                if not (k==N-1 and lo_bit < 64*w+64 and lo_bit>=64*w): continue
            sh = lo_bit-64*w
            if sh>=0: parts.append("(t%d << %d)"%(k,sh) if sh else "t%d"%k)
            else: parts.append("(t%d >>> %d)"%(k,-sh))
        e("    final long u%d = %s;"%(w," | ".join(parts)))
    P64=[(p>>(64*i))&((1<<64)-1) for i in range(6)]
    e("    long bw = 0, d;")
    for w in range(6):
        e("    d = u%d - %s - bw; bw = (((~u%d & %s) | (~(u%d ^ %s) & d)) >>> 63); final long d%d = d;"%(w,h(P64[w]),w,h(P64[w]),w,h(P64[w]),w))
    e("    final long keep = bw - 1;")
    for w in range(6):
        e("    r[ro + %d] = (d%d & keep) | (u%d & ~keep);"%(w,w,w))
    e("  }")
gen_mul("mul")
e("}")
open("src/jzk/arith/Exp58.java","w").write("\n".join(out)+"\n")
