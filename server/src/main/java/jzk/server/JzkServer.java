package jzk.server;

import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import jzk.prover.batch.ProverSession;

/**
 * {@code jzk serve}: a long-lived process owning the devices (one {@link ProverSession} for its whole life: the
 * backends and their resident data, freed at {@link #close}), the proving pipeline and
 * the parameters ({@link ProvingService}), serving the gRPC API of {@code jzk.proto} and HTTP {@code /status},
 * {@code /metrics}. {@link #start} binds both ports; {@link #close} cancels what is still running, waits for the
 * pipeline to give everything back and stops.
 */
public final class JzkServer implements AutoCloseable {
    private final ServerConfig config;
    private final ProverSession session;
    private final ProvingService service;
    private final Server grpc;
    private final HttpEndpoints http;

    private JzkServer(ServerConfig config, ProverSession session, ProvingService service, Server grpc,
                      HttpEndpoints http) {
        this.config = config;
        this.session = session;
        this.service = service;
        this.grpc = grpc;
        this.http = http;
    }

    /** Starts the server; a bad device name or a port in use is an exception with one clear message. */
    public static JzkServer start(ServerConfig config) throws IOException {
        ProverSession session = ProverSession.open(config.devices());
        ProvingService service;
        try {
            service = new ProvingService(config, session);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        TokenInterceptor token = config.token() == null ? null : new TokenInterceptor(config.token());
        GrpcProverService api = new GrpcProverService(service, config.log());
        Server grpc = null;
        HttpEndpoints http = null;
        try {
            NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress(config.host(), config.port()))
                    .maxInboundMessageSize((int) config.maxRequestBytes())
                    .addService(token == null ? api.bindService() : ServerInterceptors.intercept(api, token));
            grpc = b.build().start();
            if (config.httpPort() >= 0) {
                http = new HttpEndpoints(config.host(), config.httpPort(), service, token);
            }
        } catch (IOException | RuntimeException e) {
            if (grpc != null) {
                grpc.shutdownNow();
            }
            service.close();
            session.close();
            throw new IOException("cannot listen on " + config.host() + ":" + config.port()
                    + (config.httpPort() >= 0 ? " / http " + config.httpPort() : "") + ": " + rootMessage(e), e);
        }
        config.log().accept("serving gRPC on " + config.host() + ":" + grpc.getPort()
                + (http == null ? "" : ", HTTP /status /metrics on " + config.host() + ":" + http.port())
                + ", devices " + session.devices() + (token == null ? "" : ", token required"));
        return new JzkServer(config, session, service, grpc, http);
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    public int port() {
        return grpc.getPort();
    }

    /** The HTTP port, or −1 when the endpoint is off. */
    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    public ServerConfig config() {
        return config;
    }

    ProvingService service() {
        return service;
    }

    /** Blocks until the server is shut down (by {@link #close} from another thread, e.g. a shutdown hook). */
    public void awaitTermination() throws InterruptedException {
        grpc.awaitTermination();
    }

    @Override
    public void close() {
        grpc.shutdown();
        if (http != null) {
            http.close();
        }
        service.close();
        try {
            if (!grpc.awaitTermination(5, TimeUnit.SECONDS)) {
                grpc.shutdownNow();
            }
        } catch (InterruptedException e) {
            grpc.shutdownNow();
            Thread.currentThread().interrupt();
        }
        session.close();
        config.log().accept("server stopped");
    }
}
