import jzk.tornado.api.Device;
import jzk.tornado.api.DeviceException;
import jzk.tornado.config.RuntimeConfig;
import jzk.tornado.runtime.DeviceRegistry;
import jzk.tornado.runtime.RowCopyChecks;

/** RowCopyChecks and waitFor on cuda:0 of the fake driver beside this file (see fakecuda.c for the commands). */
public class FakeCudaRows {
    public static void main(String[] args) {
        try (DeviceRegistry reg = DeviceRegistry.scan(RuntimeConfig.fromEnvironment())) {
            System.out.println(reg.describe());
            Device d = reg.get("cuda:0");
            Device jvm = reg.get("jvm");
            RowCopyChecks.rowsToDevice(d);
            RowCopyChecks.rowsToHost(d);
            RowCopyChecks.sidesOfDifferentSizes(d);
            RowCopyChecks.badRectangles(d);
            System.out.println("row checks passed on " + d);
            try (Device a = d.openStream(); Device b = d.openStream()) {
                Device.Fence f = a.fence();
                b.waitFor(f);
                d.waitFor(f);
                f.close();
                try { b.waitFor(f); throw new AssertionError("closed fence accepted"); }
                catch (DeviceException e) { System.out.println("closed: " + e.getMessage()); }
                try (Device.Fence g = jvm.fence()) {
                    try { b.waitFor(g); throw new AssertionError("jvm fence accepted"); }
                    catch (IllegalArgumentException e) { System.out.println("foreign: " + e.getMessage()); }
                }
            }
            System.out.println("waitFor checks passed");
        }
    }
}
