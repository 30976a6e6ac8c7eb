package jzk.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jzk.server.api.JobStatus;
import jzk.server.api.ParamsInfo;
import jzk.server.api.StatusReply;

/** The HTTP {@code /status} document: {@link StatusReply}'s fields as JSON (camelCase keys, bytes as numbers). */
final class StatusJson {
    private StatusJson() {
    }

    static Map<String, Object> of(StatusReply s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("uptimeSeconds", s.getUptimeS());
        m.put("devices", s.getDevicesList());
        m.put("gpuBusy", new TreeMap<>(s.getGpuBusyMap()));
        Map<String, Object> proofs = new LinkedHashMap<>();
        proofs.put("completed", s.getCompleted());
        proofs.put("failed", s.getFailed());
        proofs.put("cancelled", s.getCancelled());
        m.put("proofs", proofs);
        m.put("queueDepth", s.getQueueDepthMap());
        m.put("buffers", s.getBuffersMap());
        Map<String, Object> mem = new LinkedHashMap<>();
        mem.put("budgetBytes", s.getBudgetBytes());
        mem.put("reservedBytes", s.getReservedBytes());
        mem.put("paramsBytes", s.getParamsBytes());
        mem.put("peakReservedBytes", s.getPeakReservedBytes());
        m.put("memory", mem);
        m.put("permits", Map.of("free", s.getFreePermits(), "total", s.getTotalPermits()));
        List<Object> jobs = new ArrayList<>();
        for (JobStatus j : s.getJobsList()) {
            Map<String, Object> jm = new LinkedHashMap<>();
            jm.put("jobId", j.getJobId());
            jm.put("requestId", j.getRequestId());
            jm.put("priority", j.getPriority().name());
            jm.put("stage", j.getStage().name());
            jm.put("partitions", j.getPartitions());
            jm.put("synthesized", j.getSynthesized());
            jm.put("gpuDone", j.getGpuDone());
            jm.put("finalized", j.getFinalized());
            jm.put("paramsId", j.getParamsId());
            jobs.add(jm);
        }
        m.put("jobs", jobs);
        List<Object> params = new ArrayList<>();
        for (ParamsInfo p : s.getParamsList()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("paramsId", p.getParamsId());
            pm.put("source", p.getSource());
            pm.put("resident", p.getResident());
            pm.put("bytes", p.getBytes());
            pm.put("jobs", p.getJobs());
            pm.put("lastUsedSecondsAgo", p.getLastUsedSAgo());
            pm.put("loads", p.getLoads());
            params.add(pm);
        }
        m.put("params", params);
        return m;
    }
}
