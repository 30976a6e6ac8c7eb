package jzk.server;

import java.util.List;
import java.util.function.Consumer;
import jzk.prover.batch.ParamsCache;
import jzk.prover.pipeline.PipelineConfig;

/**
 * Everything {@code jzk serve} is started with; read once at start.
 *
 * @param host            address the gRPC server binds (127.0.0.1 unless {@code --listen} says otherwise)
 * @param port            gRPC port (0: any free port, for tests)
 * @param httpPort        port of {@code /status} and {@code /metrics} on {@code host}; 0 any free port; −1 none
 * @param token           shared secret every call must carry ({@code authorization: Bearer …}); null = none
 * @param maxRequestBytes largest gRPC message accepted (a witness upload above it is refused before buffering)
 * @param devices         requested device names ({@link jzk.prover.batch.ProverSession#open}; empty: the best GPU,
 *                        else {@code cpu})
 * @param pipeline        W, L, G, finalizers, memory budget, verification, TIMELINE file (devices replaced)
 * @param cache           the built-in circuit's parameter cache
 * @param keepFinished    finished jobs kept for AwaitProof and request-id lookups (oldest dropped first)
 * @param log             one-line server events
 */
public record ServerConfig(String host, int port, int httpPort, String token, long maxRequestBytes,
                           List<String> devices, PipelineConfig pipeline, ParamsCache cache, int keepFinished,
                           Consumer<String> log) {
    public static final long DEFAULT_MAX_REQUEST_BYTES = 64L << 20;
    public static final int DEFAULT_PORT = 7353;

    public ServerConfig {
        if (maxRequestBytes < 1024 || maxRequestBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("max request size must be 1 KiB .. 2 GiB, got " + maxRequestBytes);
        }
        if (keepFinished < 1) {
            throw new IllegalArgumentException("finished jobs kept must be ≥ 1, got " + keepFinished);
        }
        if (token != null && token.isBlank()) {
            throw new IllegalArgumentException("the token is empty");
        }
        devices = List.copyOf(devices);
    }
}
