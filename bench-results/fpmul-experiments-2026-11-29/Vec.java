package jzk.arith;
public final class Vec {
  /** 12x12 schoolbook of 32-bit limbs held in longs, columns accumulate lo/hi 32-bit halves separately. */
  static void prod(long[] lo, long[] hi, long[] a, long[] b) {
    for (int i = 0; i < 12; i++) {
      long ai = a[i];
      for (int j = 0; j < 12; j++) { long p = ai * b[j]; lo[i + j] += p & 0xffffffffL; hi[i + j] += p >>> 32; }
    }
  }
  public static void main(String[] x){ long[] a=new long[12], b=new long[12], lo=new long[24], hi=new long[24];
    for(int i=0;i<12;i++){a[i]=(i*0x9E3779B9L)&0xffffffffL; b[i]=(i*0x7F4A7C15L+1)&0xffffffffL;}
    var mx=(com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
    for(int r=0;r<5;r++){ long t0=mx.getCurrentThreadCpuTime(); for(int k=0;k<2_000_000;k++){ prod(lo,hi,a,b);} System.out.printf("%.1f ns per 144-product column pass%n",(mx.getCurrentThreadCpuTime()-t0)/2e6); }
    System.out.println(lo[5]+hi[7]); } }
