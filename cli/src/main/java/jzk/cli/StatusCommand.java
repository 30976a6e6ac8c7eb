package jzk.cli;

import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import jzk.prover.pipeline.MemoryBudget;
import jzk.server.ProverClient;
import jzk.server.api.JobStatus;
import jzk.server.api.MetricsRequest;
import jzk.server.api.ParamsInfo;
import jzk.server.api.StatusReply;
import jzk.server.api.StatusRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code jzk serve status}: a {@code jzk serve}'s jobs, queues, memory, devices and parameters (or its metrics). */
@Command(name = "status", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Show a jzk serve's jobs, queues, memory, devices and loaded parameters.")
public final class StatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions client = new ClientOptions();

    @Option(names = "--metrics", description = "Print the Prometheus text of /metrics instead.")
    boolean metrics;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (ProverClient c = client.connect()) {
            if (metrics) {
                out.print(c.blocking().getMetrics(MetricsRequest.getDefaultInstance()).getPrometheusText());
                return 0;
            }
            StatusReply s = c.blocking().getStatus(StatusRequest.getDefaultInstance());
            out.printf(Locale.ROOT, "server %s up %.0f s, devices %s, gpu busy %s%n", client.server, s.getUptimeS(),
                    s.getDevicesList(), s.getGpuBusyMap());
            out.printf(Locale.ROOT, "proofs: %d completed, %d failed, %d cancelled; queued by priority %s%n",
                    s.getCompleted(), s.getFailed(), s.getCancelled(), s.getQueueDepthMap());
            out.printf(Locale.ROOT, "memory: %s reserved of %s (parameters %s, peak %s); permits %d/%d free%n",
                    MemoryBudget.format(s.getReservedBytes()), MemoryBudget.format(s.getBudgetBytes()),
                    MemoryBudget.format(s.getParamsBytes()), MemoryBudget.format(s.getPeakReservedBytes()),
                    s.getFreePermits(), s.getTotalPermits());
            out.println("buffers: " + s.getBuffersMap());
            for (JobStatus j : s.getJobsList()) {
                out.printf(Locale.ROOT, "job %s %s %s: synthesized %d/%d, gpu %d, finalized %d (%s%s)%n", j.getJobId(),
                        j.getPriority(), j.getStage(), j.getSynthesized(), j.getPartitions(), j.getGpuDone(),
                        j.getFinalized(), j.getParamsId(), j.getRequestId().isEmpty() ? "" : ", request "
                                + j.getRequestId());
            }
            for (ParamsInfo p : s.getParamsList()) {
                out.printf(Locale.ROOT, "params %s %s %s, %d job(s), loaded %d time(s), %s%n", p.getParamsId(),
                        p.getResident() ? "resident" : "evicted", MemoryBudget.format(p.getBytes()), p.getJobs(),
                        p.getLoads(), p.getSource());
            }
            return 0;
        } catch (StatusRuntimeException e) {
            throw client.failure(e);
        }
    }
}
