p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
N=12; M=(1<<32)-1
pl=[(p>>(32*i))&M for i in range(N)]
inv=(-pow(p,-1,1<<32))%(1<<32)
o=[];e=o.append
e("package jzk.arith;\nfinal class Exp32 {")
e("  static final long M = 0xffffffffL; static final long INV = 0x%xL;"%inv)
for i in range(N): e("  static final long P%d = 0x%xL;"%(i,pl[i]))
e("  static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {")
for w in range(6):
    e("    final long x%d = a[ao + %d], y%d = b[bo + %d];"%(w,w,w,w))
for k in range(N):
    e("    final long a%d = %s, b%d = %s;"%(k, ("x%d & M"%(k//2)) if k%2==0 else ("x%d >>> 32"%(k//2)), k, ("y%d & M"%(k//2)) if k%2==0 else ("y%d >>> 32"%(k//2))))
e("    long s, C, m, " + ", ".join("t%d = 0"%j for j in range(N+1)) + ";")
for i in range(N):
    e("    // round %d"%i)
    e("    C = 0;")
    for j in range(N):
        e("    s = t%d + a%d * b%d + C; t%d = s & M; C = s >>> 32;"%(j,j,i,j))
    e("    s = t%d + C; t%d = s & M; long e%d = s >>> 32;"%(N,N,i))
    e("    m = (t0 * INV) & M;")
    e("    s = t0 + m * P0; C = s >>> 32;")
    for j in range(1,N):
        e("    s = t%d + m * P%d + C; t%d = s & M; C = s >>> 32;"%(j,j,j-1))
    e("    s = t%d + C; t%d = s & M; t%d = e%d + (s >>> 32);"%(N,N-1,N,i))
# result t0..t11 (+t12 should be 0 given bounds), < 2p
for w in range(6):
    e("    final long u%d = t%d | (t%d << 32);"%(w,2*w,2*w+1))
P64=[(p>>(64*i))&((1<<64)-1) for i in range(6)]
e("    long bw = 0, d;")
for w in range(6):
    h="0x%xL"%P64[w]
    e("    d = u%d - %s - bw; bw = (((~u%d & %s) | (~(u%d ^ %s) & d)) >>> 63); final long d%d = d;"%(w,h,w,h,w,h,w))
e("    final long keep = bw - 1;")
for w in range(6): e("    r[ro + %d] = (d%d & keep) | (u%d & ~keep);"%(w,w,w))
e("  }\n}")
open("src/jzk/arith/Exp32.java","w").write("\n".join(o)+"\n")
