package jzk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The cluster commands' bad usage and an unreachable database: one line, the right exit code, no trace. */
class ClusterCliErrorsTest {

    @Test
    void malformedDatabaseUrlIsUsage() {
        CliRun r = CliRun.of("jobs", "--db", "mysql://x/y");
        assertEquals(CliException.USAGE, r.exitCode());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().contains("--db: bad database URL 'mysql://x/y'"), r.err());
    }

    @Test
    void unreachableDatabaseIsOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        CliRun r = CliRun.of("jobs", "--db", "postgresql://jzk@127.0.0.1:" + port + "/postgres");
        assertEquals(CliException.FAILURE, r.exitCode());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().startsWith("jzk: database postgresql://jzk@127.0.0.1:" + port + "/postgres: "), r.err());
    }

    @Test
    void submitChecksItsInputsBeforeTouchingTheDatabase() {
        CliRun r = CliRun.of("submit", "--db", "postgresql://jzk@127.0.0.1:1/x", "--zkey", "nope.zkey");
        assertEquals(CliException.USAGE, r.exitCode());
        assertEquals(1, r.errLines(), r.err());
        assertTrue(r.err().contains("need both --zkey and --wtns"), r.err());
    }
}
