package jzk.server;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Checks the shared secret on every call: metadata {@code authorization: Bearer <token>}, compared in constant
 * time. A missing or wrong token closes the call with UNAUTHENTICATED before the request is read.
 */
final class TokenInterceptor implements ServerInterceptor {
    static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

    private final byte[] expected;

    TokenInterceptor(String token) {
        this.expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    }

    /** Whether an {@code Authorization} header value carries the token (also used by the HTTP endpoint). */
    boolean accepts(String header) {
        return header != null && MessageDigest.isEqual(expected, header.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        if (!accepts(headers.get(AUTHORIZATION))) {
            call.close(Status.UNAUTHENTICATED.withDescription(headers.get(AUTHORIZATION) == null
                    ? "this server needs a token: send 'authorization: Bearer <token>' (jzk: --token-file)"
                    : "wrong token"), new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        return next.startCall(call, headers);
    }
}
