package jzk.cluster;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Where the job database is: {@code postgresql://[user[:password]@]host[:port]/database[?param=value&…]} (the
 * libpq form; {@code jdbc:postgresql://…} is accepted too), opened with the PostgreSQL JDBC driver. Every
 * connection has bounded waits — {@value #CONNECT_TIMEOUT_S} s to connect, {@value #SOCKET_TIMEOUT_S} s per
 * statement round trip — so a database that goes away is an {@link SQLException} within seconds, never a hang.
 */
public final class Db {
    static final int CONNECT_TIMEOUT_S = 5;
    static final int SOCKET_TIMEOUT_S = 30;

    private final String jdbcUrl;
    private final Properties props = new Properties();
    private final String display;

    private Db(String jdbcUrl, String user, String password, String display) {
        this.jdbcUrl = jdbcUrl;
        this.display = display;
        props.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_S));
        props.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_S));
        props.setProperty("loginTimeout", Integer.toString(CONNECT_TIMEOUT_S));
        props.setProperty("tcpKeepAlive", "true");
        props.setProperty("ApplicationName", "jzk");
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
    }

    /** Parses a database URL; a malformed one is an {@link IllegalArgumentException} saying the expected form. */
    public static Db of(String url) {
        String form = "expected postgresql://[user[:password]@]host[:port]/database";
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("no database given: " + form);
        }
        String u = url.startsWith("jdbc:") ? url.substring(5) : url;
        if (u.startsWith("postgres://")) {
            u = "postgresql://" + u.substring("postgres://".length());
        }
        URI uri;
        try {
            uri = new URI(u);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad database URL '" + url + "': " + e.getReason() + "; " + form);
        }
        if (!"postgresql".equals(uri.getScheme()) || uri.getHost() == null || uri.getPath() == null
                || uri.getPath().length() < 2) {
            throw new IllegalArgumentException("bad database URL '" + url + "': " + form);
        }
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String[] ui = uri.getRawUserInfo().split(":", 2);
            user = URLDecoder.decode(ui[0], StandardCharsets.UTF_8);
            password = ui.length > 1 ? URLDecoder.decode(ui[1], StandardCharsets.UTF_8) : null;
        }
        String jdbc = "jdbc:postgresql://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "")
                + uri.getRawPath() + (uri.getRawQuery() != null ? "?" + uri.getRawQuery() : "");
        String display = "postgresql://" + (user != null ? user + "@" : "") + uri.getHost()
                + (uri.getPort() > 0 ? ":" + uri.getPort() : "") + uri.getRawPath();
        return new Db(jdbc, user, password, display);
    }

    /** A new connection in auto-commit mode. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, props);
    }

    /** The URL without its password, for messages. */
    @Override
    public String toString() {
        return display;
    }
}
