package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.echo.VoidPair;

import java.net.URI;

/**
 * {@code echoVoid} of the POJO service {@link EchoService} on the end-to-end benchmark's two Axis2 servers
 * ({@link EchoServers}). Axis2 deploys the void method as an in-only operation, so a call posts the empty
 * request wrapper ({@link EchoMessages#voidRequest}) and the server, having invoked the method, answers
 * HTTP 202 with no body; dsoap reads the request and has nothing to write. Both methods' clients post the
 * same bytes with the JDK's HTTP client ({@link EchoClient}), as the Axis2 echo benchmark's do: Axis2 has no
 * dsoap client for POJO services. Thread-safe once started.
 */
public final class Axis2VoidPair implements VoidPair {
    private final EchoServers servers;
    private final byte[] request;

    private Axis2VoidPair(EchoServers servers) {
        this.servers = servers;
        this.request = EchoMessages.voidRequest(servers.namespace(Style.POJO));
    }

    /** Starts both servers. */
    public static Axis2VoidPair start() throws Exception {
        return new Axis2VoidPair(EchoServers.start());
    }

    @Override
    public void verify() throws Exception {
        servers.verifyVoid(new EchoClient());
    }

    @Override
    public Caller caller(boolean dsoap) {
        EchoClient client = new EchoClient();
        URI uri = (dsoap ? servers.dsoap() : servers.plain()).uri(Style.POJO);
        return () -> {
            long body = client.post(uri, request, request.length, 202);
            if (body != 0) {
                throw new IllegalStateException(uri + " answered " + EchoServers.VOID + " with a " + body + "-byte body");
            }
        };
    }

    @Override
    public Object server(boolean dsoap) {
        return dsoap ? servers.dsoap() : servers.plain();
    }

    @Override
    public ThreadCpu.Reading cpu(boolean dsoap) {
        return (dsoap ? servers.dsoap() : servers.plain()).connectionCpu();
    }

    @Override
    public String describe() {
        try {
            return servers.stats(Style.POJO, EchoServers.VOID).toString();
        } catch (Exception e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws Exception {
        servers.close();
    }
}
