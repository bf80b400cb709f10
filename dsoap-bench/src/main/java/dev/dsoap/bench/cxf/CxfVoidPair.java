package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.echo.VoidPair;

/**
 * {@code echoVoid} of {@link EchoPort} on the CXF benchmark's endpoints ({@link CxfEchoServers}): a call sends
 * an empty request wrapper through a JAX-WS proxy and reads an empty response wrapper. The dsoap side's
 * proxies carry {@code DifferentialSoapFeature}, so dsoap writes and reads every message of the dsoap pair on
 * both sides; the plain side's are plain. Thread-safe once started.
 */
public final class CxfVoidPair implements VoidPair {
    private final CxfEchoServers servers;

    private CxfVoidPair(CxfEchoServers servers) {
        this.servers = servers;
    }

    /** Starts both endpoints and the client bus. */
    public static CxfVoidPair start() throws Exception {
        return new CxfVoidPair(CxfEchoServers.start());
    }

    @Override
    public void verify() throws Exception {
        servers.verifyVoid();
    }

    @Override
    public Caller caller(boolean dsoap) {
        EchoPort port = servers.port(dsoap);
        return port::echoVoid;
    }

    @Override
    public Object server(boolean dsoap) {
        return dsoap ? servers.dsoap() : servers.plain();
    }

    @Override
    public ThreadCpu.Reading cpu(boolean dsoap) {
        return (dsoap ? servers.dsoap() : servers.plain()).requestCpu();
    }

    @Override
    public String describe() {
        return "server " + servers.describe("server", CxfEchoServers.VOID) + "; client "
                + servers.describe("client", CxfEchoServers.VOID);
    }

    @Override
    public void close() {
        servers.close();
    }
}
