package jzk.server;

import io.grpc.CallCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import jzk.server.api.ProverGrpc;

/**
 * A client connection to {@code jzk serve}: a plaintext channel to {@code host:port} (loopback by default; put
 * TLS in front for other networks), the token sent on every call when given. The stubs are the generated ones.
 */
public final class ProverClient implements AutoCloseable {
    private final ManagedChannel channel;
    private final CallCredentials credentials;

    /** @param target {@code host:port}; @param token the shared secret or null */
    public ProverClient(String target, String token) {
        this.channel = NettyChannelBuilder.forTarget(target).usePlaintext()
                .maxInboundMessageSize(Integer.MAX_VALUE).build();
        this.credentials = token == null ? null : new BearerToken(token);
    }

    public ProverGrpc.ProverBlockingStub blocking() {
        ProverGrpc.ProverBlockingStub s = ProverGrpc.newBlockingStub(channel);
        return credentials == null ? s : s.withCallCredentials(credentials);
    }

    public ProverGrpc.ProverStub async() {
        ProverGrpc.ProverStub s = ProverGrpc.newStub(channel);
        return credentials == null ? s : s.withCallCredentials(credentials);
    }

    @Override
    public void close() {
        channel.shutdown();
        try {
            if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                channel.shutdownNow();
            }
        } catch (InterruptedException e) {
            channel.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** {@code authorization: Bearer <token>} on every call. */
    static final class BearerToken extends CallCredentials {
        private final String token;

        BearerToken(String token) {
            this.token = token;
        }

        @Override
        public void applyRequestMetadata(RequestInfo info, Executor executor, MetadataApplier applier) {
            try {
                Metadata m = new Metadata();
                m.put(TokenInterceptor.AUTHORIZATION, "Bearer " + token);
                applier.apply(m);
            } catch (RuntimeException e) {
                applier.fail(Status.UNAUTHENTICATED.withCause(e));
            }
        }
    }
}
