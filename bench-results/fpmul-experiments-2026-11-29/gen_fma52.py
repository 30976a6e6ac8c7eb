# prototype generator: 8 x 52-bit limbs in doubles, column product a*b via the exact double-FMA split
# (hi = fma(a,b,2^104) - 2^104, lo = fma(a,b,-hi)), accumulated as raw bits in longs; writes src/jzk/arith/Fma52.java
N=8
o=[]; e=o.append
e("package jzk.arith;")
e("final class Fma52 {")
e("  static final double C104 = 0x1p104, C51 = 0x1.8p52;")
e("  static final long B104 = Double.doubleToRawLongBits(C104), B51 = Double.doubleToRawLongBits(C51);")
e("  /** w[0..16) = column sums (hi into col+1, lo into col) of a·b, 8 limbs of 52 bits as doubles. */")
e("  static void wide(long[] w, double[] a, int ao, double[] b, int bo) {")
for i in range(N): e("    final double a%d = a[ao + %d], b%d = b[bo + %d];"%(i,i,i,i))
e("    double ph, sub, pl;")
for c in range(2*N): e("    long L%d = 0;"%c)
for c in range(2*N-1):
    terms=[(j,c-j) for j in range(N) if 0<=c-j<N]
    for (j,k) in terms:
        e("    ph = Math.fma(a%d, b%d, C104); sub = ph - C104; pl = Math.fma(a%d, b%d, -sub);"%(j,k,j,k))
        e("    L%d += Double.doubleToRawLongBits(ph); L%d += Double.doubleToRawLongBits(pl + C51);"%(c+1,c))
    e("    L%d -= %d * B51; L%d -= %d * B104;"%(c,len(terms),c+1,len(terms)))
for c in range(2*N): e("    w[%d] = L%d;"%(c,c))
e("  }")
e("}")
open("src/jzk/arith/Fma52.java","w").write("\n".join(o)+"\n")
