package jzk.arith;
import java.math.BigInteger; import java.util.*;
public final class FmaBench {
  static final com.sun.management.ThreadMXBean MX=(com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
  public static void main(String[] args){
    Random rnd=new Random(9); int k=256; double[] da=new double[8*k], db=new double[8*k]; long[] fa=new long[6*k], fb=new long[6*k];
    BigInteger[] A=new BigInteger[k], B=new BigInteger[k];
    for(int i=0;i<k;i++){ A[i]=new BigInteger(381,rnd); B[i]=new BigInteger(381,rnd);
      for(int j=0;j<8;j++){ da[8*i+j]=A[i].shiftRight(52*j).longValue() & ((1L<<52)-1); db[8*i+j]=B[i].shiftRight(52*j).longValue() & ((1L<<52)-1);}
      Fp.F.random(fa,6*i,rnd); Fp.F.random(fb,6*i,rnd);}
    long[] w=new long[16];
    // correctness: Σ w[c]·2^(52c) (signed) == A·B
    for(int i=0;i<k;i++){ Fma52.wide(w,da,8*i,db,8*i); BigInteger s=BigInteger.ZERO; for(int c=0;c<16;c++) s=s.add(BigInteger.valueOf(w[c]).shiftLeft(52*c)); if(!s.equals(A[i].multiply(B[i]))) throw new AssertionError("fma wrong at "+i);}
    long[] w12=new long[12]; int n=200000, rounds=9; double[] t1=new double[rounds], t2=new double[rounds];
    for(int rr=-3;rr<rounds;rr++){ long t0=MX.getCurrentThreadCpuTime();
      for(int i=0;i<n;i++) Fma52.wide(w,da,8*(i&255),db,8*((i*7)&255));
      long tm=MX.getCurrentThreadCpuTime();
      for(int i=0;i<n;i++) MontgomeryUnrolled.fpMulWide(w12,0,fa,6*(i&255),fb,6*((i*7)&255));
      long te=MX.getCurrentThreadCpuTime(); if(rr>=0){t1[rr]=(tm-t0)/(double)n; t2[rr]=(te-tm)/(double)n;} }
    Arrays.sort(t1); Arrays.sort(t2);
    System.out.printf("FMA 8x52 column product (64 products, unnormalised) %.1f ns; fpMulWide 6x64 (36 products, carried) %.1f ns%n", t1[rounds/2], t2[rounds/2]);
  }}
