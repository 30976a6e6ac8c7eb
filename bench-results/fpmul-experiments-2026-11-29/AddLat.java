package jzk.arith;
import java.util.*;
public final class AddLat {
  static final com.sun.management.ThreadMXBean MX=(com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
  public static void main(String[] args){
    Random rnd=new Random(5); int k=256; long[] fa=new long[12*k], fb=new long[12*k], r=new long[12], x=new long[12];
    for(int i=0;i<k;i++){ Fp.F.random(fa,12*i,rnd); Fp.F.random(fa,12*i+6,rnd); Fp.F.random(fb,12*i,rnd); Fp.F.random(fb,12*i+6,rnd);}
    System.arraycopy(fa,0,x,0,12);
    int n=400000, rounds=7; double[] a=new double[rounds], b=new double[rounds], c=new double[rounds];
    for(int rr=-2;rr<rounds;rr++){
      long t0=MX.getCurrentThreadCpuTime();
      for(int i=0;i<n;i++) MontgomeryUnrolled.fp2Add(r,0,fa,12*(i&255),fb,12*((i*7)&255));
      long t1=MX.getCurrentThreadCpuTime();
      for(int i=0;i<n;i++) MontgomeryUnrolled.fp2Add(x,0,x,0,fb,12*(i&255));
      long t2=MX.getCurrentThreadCpuTime();
      for(int i=0;i<n;i++) MontgomeryUnrolled.fp2Sub(x,0,x,0,fb,12*(i&255));
      long t3=MX.getCurrentThreadCpuTime();
      if(rr>=0){a[rr]=(t1-t0)/(double)n; b[rr]=(t2-t1)/(double)n; c[rr]=(t3-t2)/(double)n;}
    }
    Arrays.sort(a); Arrays.sort(b); Arrays.sort(c);
    System.out.printf("fp2Add independent %.1f ns, chain %.1f ns; fp2Sub chain %.1f ns%n",a[rounds/2],b[rounds/2],c[rounds/2]);
  }}
