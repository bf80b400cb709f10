package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;

import java.io.IOException;
import java.net.URI;

/**
 * The end-to-end benchmark's two Axis2 servers ({@link EchoServers}: a SimpleHTTPServer without dsoap and one
 * with dsoap.mar engaged, both in this JVM) as a caller outside this package sees them, through their ADB
 * service ({@link Style#ADB}, wsdl2java's service of {@code AdbEcho.wsdl}): its endpoint and WSDL, the CPU
 * time of each server's request threads, and dsoap's counters on the engaged one. The gSOAP step
 * ({@code cxf.GsoapComparison}) calls them with gSOAP's C client. The ADB service, not the POJO one: the WSDL
 * Axis2 derives for the POJO service makes a MIO's fields optional ({@code minOccurs="0"}), which gSOAP turns
 * into pointer members, where the client's main fills plain ones.
 *
 * <p>Thread-safe once started.
 */
public final class Axis2AdbServers implements AutoCloseable {
    private final EchoServers servers;
    private final Endpoint plain;
    private final Endpoint dsoap;

    private Axis2AdbServers(EchoServers servers) {
        this.servers = servers;
        this.plain = new Endpoint(servers.plain());
        this.dsoap = new Endpoint(servers.dsoap());
    }

    /**
     * Starts both servers ({@link EchoServers#start()}); the engaged one loads dsoap's module archive as
     * {@link EchoServer} finds it ({@code -Ddsoap.mar=PATH}, or {@code dsoap-axis2-module/target} under the
     * working directory or its parent).
     */
    public static Axis2AdbServers start() throws Exception {
        return new Axis2AdbServers(EchoServers.start());
    }

    /** The server without dsoap. */
    public Endpoint plain() {
        return plain;
    }

    /** The server with dsoap engaged. */
    public Endpoint dsoap() {
        return dsoap;
    }

    /** The ADB service's WSDL as the plain server publishes it ({@code ?wsdl}; the engaged one publishes the same). */
    public URI wsdl() {
        return URI.create(plain.uri() + "?wsdl");
    }

    /** dsoap's statistics for the ADB service's operation of {@code shape} on {@link #dsoap()}. */
    public OperationStats stats(Shape shape) throws Exception {
        return servers.stats(Style.ADB, shape);
    }

    /** Stops both servers and deletes their repositories ({@link EchoServers#close()}). */
    @Override
    public void close() throws IOException {
        servers.close();
    }

    /** One server's ADB endpoint. Thread-safe. */
    public static final class Endpoint {
        private final EchoServer server;

        private Endpoint(EchoServer server) {
            this.server = server;
        }

        /** The ADB service's address. */
        public URI uri() {
            return server.uri(Style.ADB);
        }

        /** The CPU time, in ns, of the server's request threads so far ({@link EchoServer#connectionCpu()}). */
        public ThreadCpu.Reading requestCpu() {
            return server.connectionCpu();
        }

        @Override
        public String toString() {
            return server + AdbEchoService.NAME;
        }
    }
}
