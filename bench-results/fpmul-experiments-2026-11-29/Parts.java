package jzk.arith;
import java.util.*;
public final class Parts {
  interface Op { void run(int i); }
  static final com.sun.management.ThreadMXBean MX=(com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
  public static void main(String[] args){
    Random rnd=new Random(5); int k=256; long[] fa=new long[12*k], fb=new long[12*k], W=new long[36*k], r=new long[12];
    for(int i=0;i<k;i++){ Fp.F.random(fa,12*i,rnd); Fp.F.random(fa,12*i+6,rnd); Fp.F.random(fb,12*i,rnd); Fp.F.random(fb,12*i+6,rnd);
      MontgomeryUnrolled.fpMulWide(W,36*i,fa,12*i,fb,12*i); MontgomeryUnrolled.fpMulWide(W,36*i+12,fa,12*i+6,fb,12*i); MontgomeryUnrolled.fpMulWide(W,36*i+24,fa,12*i,fb,12*i+6);}
    String[] names={"fpMul","fpMulWide","fpRedcAdd2","fpRedcSub2ModMR","fpRedcSubModMR","fp2Add","fpAddRaw","fpFromMont"};
    Op[] ops={ i->MontgomeryUnrolled.fpMul(r,0,fa,12*(i&255),fb,12*((i*7)&255)),
      i->MontgomeryUnrolled.fpMulWide(r,0,fa,12*(i&255),fb,12*((i*7)&255)),
      i->MontgomeryUnrolled.fpRedcAdd2(r,0,W,36*(i&255),W,36*((i*7)&255)+12,W,36*((i*3)&255)+24),
      i->MontgomeryUnrolled.fpRedcSub2ModMR(r,0,W,36*(i&255),W,36*((i*7)&255)+12,W,36*((i*3)&255)+24),
      i->MontgomeryUnrolled.fpRedcSubModMR(r,0,W,36*(i&255),W,36*((i*7)&255)+12),
      i->MontgomeryUnrolled.fp2Add(r,0,fa,12*(i&255),fb,12*((i*7)&255)),
      i->MontgomeryUnrolled.fpAddRaw(r,0,fa,12*(i&255),fb,12*((i*7)&255)),
      i->MontgomeryUnrolled.fpFromMontgomery(r,0,fa,12*(i&255)) };
    int rounds=7, n=200000; double[][] t=new double[ops.length][rounds];
    for(int w=0;w<2;w++) for(Op o:ops) for(int i=0;i<n;i++) o.run(i);
    for(int rr=0;rr<rounds;rr++) for(int j=0;j<ops.length;j++){ long t0=MX.getCurrentThreadCpuTime(); Op o=ops[j]; for(int i=0;i<n;i++) o.run(i); t[j][rr]=(MX.getCurrentThreadCpuTime()-t0)/(double)n; }
    for(int j=0;j<ops.length;j++){ Arrays.sort(t[j]); System.out.printf("%-16s %.1f ns%n",names[j],t[j][rounds/2]); }
  }}
