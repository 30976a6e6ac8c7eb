package jzk.server;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;
import jzk.server.api.AwaitRequest;
import jzk.server.api.CancelReply;
import jzk.server.api.CancelRequest;
import jzk.server.api.EvictParamsReply;
import jzk.server.api.EvictParamsRequest;
import jzk.server.api.ListParamsReply;
import jzk.server.api.ListParamsRequest;
import jzk.server.api.LoadParamsRequest;
import jzk.server.api.MetricsReply;
import jzk.server.api.MetricsRequest;
import jzk.server.api.ParamsInfo;
import jzk.server.api.ProofEvent;
import jzk.server.api.ProofResult;
import jzk.server.api.ProverGrpc;
import jzk.server.api.StatusReply;
import jzk.server.api.StatusRequest;
import jzk.server.api.SubmitReply;
import jzk.server.api.SubmitRequest;

/**
 * The gRPC face of {@link ProvingService} (service {@code jzk.v1.Prover} of {@code jzk.proto}). Every call ends
 * with a value or a status: a {@link StatusRuntimeException} from the service goes to the client as it is; any
 * other exception is INTERNAL with its message, logged, and the server keeps serving.
 */
final class GrpcProverService extends ProverGrpc.ProverImplBase {
    private final ProvingService service;
    private final Consumer<String> log;

    GrpcProverService(ProvingService service, Consumer<String> log) {
        this.service = service;
        this.log = log;
    }

    @Override
    public void submitProof(SubmitRequest req, StreamObserver<SubmitReply> out) {
        unary(out, () -> service.submit(req));
    }

    @Override
    public void awaitProof(AwaitRequest req, StreamObserver<ProofEvent> out) {
        Job job;
        try {
            job = service.job(req.getJobId());
        } catch (RuntimeException e) {
            out.onError(status(e));
            return;
        }
        ServerCallStreamObserver<ProofEvent> call = (ServerCallStreamObserver<ProofEvent>) out;
        Consumer<ProofEvent> listener = new Consumer<>() {
            @Override
            public void accept(ProofEvent e) {
                if (call.isCancelled()) {
                    return;
                }
                out.onNext(e);
                if (e.hasResult()) {
                    out.onCompleted();
                }
            }
        };
        call.setOnCancelHandler(() -> job.unsubscribe(listener));
        job.subscribe(listener);
    }

    @Override
    public void prove(SubmitRequest req, StreamObserver<ProofResult> out) {
        Job job;
        try {
            job = service.job(service.submit(req).getJobId());
        } catch (RuntimeException e) {
            out.onError(status(e));
            return;
        }
        ServerCallStreamObserver<ProofResult> call = (ServerCallStreamObserver<ProofResult>) out;
        Consumer<ProofEvent> listener = new Consumer<>() {
            @Override
            public void accept(ProofEvent e) {
                if (e.hasResult() && !call.isCancelled()) {
                    out.onNext(e.getResult());
                    out.onCompleted();
                }
            }
        };
        call.setOnCancelHandler(() -> job.unsubscribe(listener));
        job.subscribe(listener);
    }

    @Override
    public void cancelProof(CancelRequest req, StreamObserver<CancelReply> out) {
        unary(out, () -> {
            boolean c = service.cancel(req.getJobId());
            return CancelReply.newBuilder().setCancelled(c).setStatus(service.job(req.getJobId()).stage()).build();
        });
    }

    @Override
    public void getStatus(StatusRequest req, StreamObserver<StatusReply> out) {
        unary(out, service::status);
    }

    @Override
    public void getMetrics(MetricsRequest req, StreamObserver<MetricsReply> out) {
        unary(out, () -> MetricsReply.newBuilder().setPrometheusText(service.metricsText()).build());
    }

    @Override
    public void loadParams(LoadParamsRequest req, StreamObserver<ParamsInfo> out) {
        unary(out, () -> switch (req.getSourceCase()) {
            case BUILTIN -> service.loadBuiltin(req.getBuiltin());
            case ZKEY_PATH -> {
                if (req.getZkeyPath().isBlank()) {
                    throw ProvingService.invalid("zkey_path is empty");
                }
                yield service.params().loadZkey(Path.of(req.getZkeyPath()));
            }
            case SOURCE_NOT_SET -> throw ProvingService.invalid("no source: set builtin or zkey_path");
        });
    }

    @Override
    public void evictParams(EvictParamsRequest req, StreamObserver<EvictParamsReply> out) {
        unary(out, () -> EvictParamsReply.newBuilder().setEvicted(service.params().evict(req.getParamsId())).build());
    }

    @Override
    public void listParams(ListParamsRequest req, StreamObserver<ListParamsReply> out) {
        unary(out, () -> ListParamsReply.newBuilder().addAllParams(service.params().list()).build());
    }

    private <T> void unary(StreamObserver<T> out, Supplier<T> call) {
        T value;
        try {
            value = call.get();
        } catch (RuntimeException e) {
            out.onError(status(e));
            return;
        }
        out.onNext(value);
        out.onCompleted();
    }

    private StatusRuntimeException status(RuntimeException e) {
        if (e instanceof StatusRuntimeException s) {
            return s;
        }
        log.accept("internal error: " + e);
        return Status.INTERNAL.withDescription("internal error: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage())).asRuntimeException();
    }
}
