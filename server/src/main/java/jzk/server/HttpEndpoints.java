package jzk.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The HTTP side of the daemon (JDK {@link HttpServer}): {@code GET /status} (JSON, {@link StatusJson}) and
 * {@code GET /metrics} (Prometheus text 0.0.4, {@link MetricsText}). With a token, requests must carry
 * {@code Authorization: Bearer <token>} (401 otherwise). Anything else is 404; a method other than GET/HEAD 405.
 */
final class HttpEndpoints implements AutoCloseable {
    static final String PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final HttpServer server;
    private final ExecutorService executor;

    HttpEndpoints(String host, int port, ProvingService service, TokenInterceptor token) throws IOException {
        server = HttpServer.create(new InetSocketAddress(host, port), 16);
        executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "jzk-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", ex -> {
            try (ex) {
                if (token != null && !token.accepts(ex.getRequestHeaders().getFirst("Authorization"))) {
                    send(ex, 401, "text/plain; charset=utf-8", "needs Authorization: Bearer <token>\n");
                } else if (!ex.getRequestMethod().equals("GET") && !ex.getRequestMethod().equals("HEAD")) {
                    send(ex, 405, "text/plain; charset=utf-8", "GET only\n");
                } else if (ex.getRequestURI().getPath().equals("/metrics")) {
                    send(ex, 200, PROMETHEUS_TYPE, service.metricsText());
                } else if (ex.getRequestURI().getPath().equals("/status")) {
                    send(ex, 200, "application/json", JSON.writeValueAsString(service.statusMap()) + "\n");
                } else {
                    send(ex, 404, "text/plain; charset=utf-8", "try /status or /metrics\n");
                }
            } catch (RuntimeException e) {
                send(ex, 500, "text/plain; charset=utf-8", "internal error: " + e + "\n");
            }
        });
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    private static void send(HttpExchange ex, int code, String type, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(code, head ? -1 : b.length);
        if (!head) {
            try (OutputStream os = ex.getResponseBody()) {
                os.write(b);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
