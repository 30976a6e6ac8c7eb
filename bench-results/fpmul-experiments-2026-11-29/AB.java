import java.lang.reflect.*; import java.net.*; import java.nio.file.*; import java.util.*; import java.math.BigInteger;
/** Same-JVM A/B: pairing (and cyclotomic square) from two class directories, alternating, thread CPU time. */
public class AB {
  static final com.sun.management.ThreadMXBean MX=(com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
  static volatile Object sink;
  public static void main(String[] a) throws Exception {
    String[] dirs={a[0],a[1]}; int rounds=Integer.parseInt(a[2]); int reps=Integer.parseInt(a[3]);
    Method[] pair=new Method[2]; Object[][] args=new Object[2][];
    for(int i=0;i<2;i++){ ClassLoader cl=new URLClassLoader(new URL[]{Path.of(dirs[i]).toUri().toURL()}, null);
      Class<?> G1=cl.loadClass("jzk.arith.G1"), G2=cl.loadClass("jzk.arith.G2"), Fr=cl.loadClass("jzk.arith.Fr"), P=cl.loadClass("jzk.arith.Pairing");
      Random rnd=new Random(3); BigInteger R=(BigInteger)Fr.getField("R").get(null);
      long[] p=(long[])G1.getMethod("mulAffine",long[].class,int.class,BigInteger.class).invoke(null,G1.getMethod("generator").invoke(null),0,new BigInteger(250,rnd).mod(R));
      long[] q=(long[])G2.getMethod("mulAffine",long[].class,int.class,BigInteger.class).invoke(null,G2.getMethod("generator").invoke(null),0,new BigInteger(250,rnd).mod(R));
      pair[i]=P.getMethod("pairing",long[].class,int.class,long[].class,int.class); args[i]=new Object[]{p,0,q,0}; }
    if(a.length>4){ // cyclotomic square chain on a GT element
      Method[] cs=new Method[2]; long[][] g=new long[2][]; long[][] tt=new long[2][];
      for(int i=0;i<2;i++){ ClassLoader cl=pair[i].getDeclaringClass().getClassLoader(); Class<?> F12=cl.loadClass("jzk.arith.Fp12");
        cs[i]=F12.getMethod("cyclotomicSquare",long[].class,int.class,long[].class,int.class,long[].class,int.class);
        g[i]=(long[])pair[i].invoke(null,args[i]); tt[i]=new long[F12.getField("SCRATCH").getInt(null)]; }
      int n=2000; double[][] t=new double[2][rounds];
      for(int w=0;w<3;w++) for(int i=0;i<2;i++) for(int k=0;k<n;k++) cs[i].invoke(null,g[i],0,g[i],0,tt[i],0);
      for(int r=0;r<rounds;r++) for(int i=0;i<2;i++){ long t0=MX.getCurrentThreadCpuTime(); for(int k=0;k<n;k++) cs[i].invoke(null,g[i],0,g[i],0,tt[i],0); t[i][r]=(MX.getCurrentThreadCpuTime()-t0)/1e3/n; }
      if(!Arrays.equals(g[0],g[1])) throw new AssertionError("cyc differ");
      for(int i=0;i<2;i++){ Arrays.sort(t[i]); System.out.printf("%s cyclotomicSquare chain median %.3f us%n", i==0?"A":"B", t[i][rounds/2]); }
    }
    if(!Arrays.equals((long[])pair[0].invoke(null,args[0]),(long[])pair[1].invoke(null,args[1]))) throw new AssertionError("results differ");
    for(int w=0;w<3;w++) for(int i=0;i<2;i++) for(int k=0;k<reps;k++) sink=pair[i].invoke(null,args[i]);
    double[][] t=new double[2][rounds];
    for(int r=0;r<rounds;r++) for(int i0=0;i0<2;i0++){ int i=(r&1)==0?i0:1-i0; long t0=MX.getCurrentThreadCpuTime(); for(int k=0;k<reps;k++) sink=pair[i].invoke(null,args[i]); t[i][r]=(MX.getCurrentThreadCpuTime()-t0)/1e6/reps; }
    for(int i=0;i<2;i++){ Arrays.sort(t[i]); System.out.printf("%s pairing median %.3f ms [%.3f .. %.3f]%n", i==0?"A(before)":"B(after) ", t[i][rounds/2], t[i][0], t[i][rounds-1]); }
    System.out.printf("B/A = %.3f%n", t[1][rounds/2]/t[0][rounds/2]);
  }
}
