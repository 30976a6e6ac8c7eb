package jzk.arith;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.util.*;
public final class BenchZ { static final long[] WIDE=new long[12];
  interface Mul { void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo); }
  static final com.sun.management.ThreadMXBean MX = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  static long[] fromBig(BigInteger v){ long[] r=new long[6]; for(int i=0;i<6;i++) r[i]=v.shiftRight(64*i).longValue(); return r;}
  public static void main(String[] args){
    Random rnd=new Random(1);
    BigInteger P=Fp.P;
    // correctness: raw montgomery semantics: compare with fpMul directly on limbs, inputs < 2p
    List<BigInteger> edge=new ArrayList<>(List.of(BigInteger.ZERO,BigInteger.ONE,P.subtract(BigInteger.ONE),P,P.shiftLeft(1).subtract(BigInteger.ONE),BigInteger.ONE.shiftLeft(381)));
    for(int i=0;i<20000;i++) edge.add(new BigInteger(382,rnd).mod(P.shiftLeft(1)));
    long[] r1=new long[6], r2=new long[6];
    int bad=0;
    for(int i=0;i<edge.size();i++){ long[] a=fromBig(edge.get(i)), b=fromBig(edge.get((i*7+3)%edge.size()));
      MontgomeryUnrolled.fpMul(r1,0,a,0,b,0); MontgomeryUnrolled.fpMulZ(r2,0,a,0,b,0); long[] r3=new long[6]; MontgomeryUnrolled.fpMulZ(r3,0,a,0,b,0); if(!Arrays.equals(r1,r3)) bad++;
      if(!Arrays.equals(r1,r2)) { if(bad++<3) System.out.println("MISMATCH "+edge.get(i)+" "+Arrays.toString(r1)+" "+Arrays.toString(r2)); }
    }
    for(BigInteger x: edge.subList(0,6)) for(BigInteger y: edge.subList(0,6)){ long[] a=fromBig(x), b=fromBig(y);
      MontgomeryUnrolled.fpMul(r1,0,a,0,b,0); MontgomeryUnrolled.fpMulZ(r2,0,a,0,b,0); long[] r3=new long[6]; MontgomeryUnrolled.fpMulZ(r3,0,a,0,b,0); if(!Arrays.equals(r1,r3)) bad++; if(!Arrays.equals(r1,r2)) {bad++; System.out.println("EDGE MISMATCH "+x+" "+y);} }
    System.out.println("mismatches: "+bad);
    int k=256; long[] fa=new long[6*k], fb=new long[6*k];
    for(int i=0;i<k;i++){ Fp.F.random(fa,6*i,rnd); Fp.F.random(fb,6*i,rnd);}
    int rounds=args.length>0?Integer.parseInt(args[0]):9;
    Mul[] impls={MontgomeryUnrolled::fpMul, MontgomeryUnrolled::fpMulZ, MontgomeryUnrolled::fpMul, MontgomeryUnrolled::fpMulZ};
    String[] names={"cur64","mulZ","cur64","mulZ"};
    double[][] tp=new double[4][rounds], lat=new double[4][rounds];
    long[] fr=new long[6]; long[] fx=Arrays.copyOf(fa,6);
    for(int w=0;w<3;w++) for(int m=0;m<4;m++){ thr(impls[m],fa,fb,fr,k,200000); chain(impls[m],fx,fb,k,200000);}
    for(int r=0;r<rounds;r++) for(int m=0;m<4;m++){
      long t0=MX.getCurrentThreadCpuTime(); thr(impls[m],fa,fb,fr,k,200000); long t1=MX.getCurrentThreadCpuTime();
      chain(impls[m],fx,fb,k,200000); long t2=MX.getCurrentThreadCpuTime();
      tp[m][r]=(t1-t0)/200000.0; lat[m][r]=(t2-t1)/200000.0; }
    for(int m=0;m<4;m++){ Arrays.sort(tp[m]); Arrays.sort(lat[m]);
      System.out.printf("%-6s random %.1f ns [%.1f..%.1f]  chain %.1f ns [%.1f..%.1f]%n",names[m],tp[m][rounds/2],tp[m][0],tp[m][rounds-1],lat[m][rounds/2],lat[m][0],lat[m][rounds-1]);}
  }
  static void thr(Mul f,long[] fa,long[] fb,long[] fr,int k,int n){ for(int i=0;i<n;i++){int x=i&(k-1), y=(i*7+3)&(k-1); f.mul(fr,0,fa,6*x,fb,6*y);} }
  static void chain(Mul f,long[] fx,long[] fb,int k,int n){ for(int i=0;i<n;i++) f.mul(fx,0,fx,0,fb,6*(i&(k-1))); }
}
