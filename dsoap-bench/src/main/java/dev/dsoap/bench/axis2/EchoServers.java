package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import org.apache.axis2.context.ConfigurationContext;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The benchmark's two servers, started side by side in this JVM from repositories in a new temporary
 * directory: {@link #plain()} without dsoap and {@link #dsoap()} with dsoap engaged, the same services (both
 * {@link Style}s) and Axis2 configuration otherwise. {@link #verify} checks that both echo the first message
 * correctly and that dsoap itself handled it and the next. {@link #close()} stops both and deletes the
 * directory. Started with addressing ({@link #start(boolean)}), both servers engage the WS-Addressing stand-in
 * {@link dev.dsoap.axis2.it.WsaHandlers}, and {@link #addressingClients()} is a configuration for plain clients that engages it too.
 *
 * <p>Thread-safe once started.
 */
final class EchoServers implements AutoCloseable {
    /** SimpleHttpServer's system property for closing connections without waiting for their threads. */
    private static final String FAST_SHUTDOWN = "org.apache.axis2.transport.http.server.fastShutdown";
    /** The operation without parameters or result. */
    static final String VOID = "echoVoid";
    private final Path dir;
    private final EchoServer plain;
    private final EchoServer dsoap;
    /** The configuration for plain clients with addressing; null when the servers run without. */
    private final ConfigurationContext addressingClients;

    private EchoServers(Path dir, EchoServer plain, EchoServer dsoap, ConfigurationContext addressingClients) {
        this.dir = dir;
        this.plain = plain;
        this.dsoap = dsoap;
        this.addressingClients = addressingClients;
    }

    /** Starts both servers without addressing. */
    static EchoServers start() throws Exception {
        return start(false);
    }

    /**
     * Starts both servers.
     *
     * @param addressing whether both engage the WS-Addressing stand-in {@link dev.dsoap.axis2.it.WsaHandlers}, and
     *        {@link #addressingClients()} is made
     */
    static EchoServers start(boolean addressing) throws Exception {
        Path dir = Files.createTempDirectory("dsoap-axis2-bench");
        EchoServer plain = null;
        EchoServer dsoap = null;
        try {
            plain = EchoServer.start(dir, false, addressing);
            dsoap = EchoServer.start(dir, true, addressing);
            return new EchoServers(dir, plain, dsoap, addressing ? EchoServer.addressingClients(dir) : null);
        } catch (Exception | Error e) {
            if (dsoap != null) {
                dsoap.close();
            }
            if (plain != null) {
                plain.close();
            }
            delete(dir);
            throw e;
        }
    }

    /**
     * The configuration for plain clients ({@code new RPCServiceClient(addressingClients(), null)}) that engages the
     * WS-Addressing stand-in and not dsoap, as the servers do.
     *
     * @throws IllegalStateException if the servers run without addressing
     */
    ConfigurationContext addressingClients() {
        if (addressingClients == null) {
            throw new IllegalStateException("the servers were started without addressing: no addressing client configuration");
        }
        return addressingClients;
    }

    /** The server without dsoap. */
    EchoServer plain() {
        return plain;
    }

    /** The server with dsoap engaged. */
    EchoServer dsoap() {
        return dsoap;
    }

    /**
     * The namespace of the service of {@code style} (the same on both servers: one class or one WSDL, one Axis2
     * version).
     */
    String namespace(Style style) {
        return plain.namespace(style);
    }

    /** dsoap's statistics for the operation of {@code shape} of the service of {@code style} on {@link #dsoap()}. */
    OperationStats stats(Style style, Shape shape) throws Exception {
        return stats(style, shape.operation);
    }

    /** dsoap's statistics for {@code operation} of the service of {@code style} on {@link #dsoap()}. */
    OperationStats stats(Style style, String operation) throws Exception {
        return OperationStats.of("Axis2Operation", "server", dsoap.serviceName(style), operation);
    }

    /**
     * Posts the POJO service's {@code echoVoid} request ({@link EchoMessages#voidRequest}) once to {@link #plain()}
     * and twice to {@link #dsoap()}, and checks that every answer is HTTP 202 (Accepted) with no body, and that
     * dsoap read both requests itself and wrote nothing, with no fallback. Axis2 deploys a POJO method that
     * returns {@code void} (and declares no checked exception) as an in-only operation: the server reads the
     * request, invokes the method, and acknowledges with 202 and no SOAP response ({@code RPCInOnlyMessageReceiver},
     * which dsoap's module takes over as it does {@code RPCMessageReceiver}).
     *
     * @throws IllegalStateException on any difference
     */
    void verifyVoid(EchoClient client) throws Exception {
        byte[] request = EchoMessages.voidRequest(namespace(Style.POJO));
        OperationStats stats = stats(Style.POJO, VOID);
        long read = stats.get("MessagesRead");
        long written = stats.get("MessagesWritten");
        long fallbacks = stats.fallbacks();
        for (EchoServer s : new EchoServer[]{plain, dsoap, dsoap}) {
            long body = client.post(s.uri(Style.POJO), request, request.length, 202);
            if (body != 0) {
                throw new IllegalStateException(s + " answered " + VOID + " with a " + body + "-byte body");
            }
        }
        read = stats.get("MessagesRead") - read;
        written = stats.get("MessagesWritten") - written;
        fallbacks = stats.fallbacks() - fallbacks;
        if (read != 2 || written != 0 || fallbacks != 0) {
            throw new IllegalStateException("dsoap did not read the check's 2 " + VOID + " requests itself (read " + read
                    + ", written " + written + ", fallbacks " + fallbacks + "): " + stats);
        }
    }

    /**
     * Sends message 0 of {@code stream} to its style's service on both servers and message 1 to that service on
     * {@link #dsoap()} (read differentially against message 0), and checks that each echo holds the values sent, bit for bit, and that dsoap read
     * and wrote those messages itself (no fallback to Axis2's path) on one server only
     * ({@link OperationStats#of} finds exactly one engaged operation): a benchmark that passes this cannot be
     * timing faults, empty echoes, Axis2 in place of dsoap or the same server twice.
     *
     * @throws IllegalStateException on any difference
     */
    void verify(EchoMessages stream, EchoClient client) throws Exception {
        OperationStats stats = stats(stream.style(), stream.shape());
        long read = stats.get("MessagesRead");
        long written = stats.get("MessagesWritten");
        long fallbacks = stats.fallbacks();
        check(plain, stream, 0, client);
        check(dsoap, stream, 0, client);
        check(dsoap, stream, 1, client);
        read = stats.get("MessagesRead") - read;
        written = stats.get("MessagesWritten") - written;
        fallbacks = stats.fallbacks() - fallbacks;
        if (read != 2 || written != 2 || fallbacks != 0) {
            throw new IllegalStateException("dsoap did not carry the check's 2 messages itself (read " + read
                    + ", written " + written + ", fallbacks " + fallbacks + "): " + stats);
        }
    }

    private static void check(EchoServer server, EchoMessages stream, long n, EchoClient client) throws Exception {
        Object got = EchoResponse.values(client.exchange(server.uri(stream.style()), stream.message(n)), stream.shape());
        String diff = EchoValues.difference(stream.values(n), got);
        if (diff != null) {
            throw new IllegalStateException(server + " echoed message " + n + " of " + stream + " wrongly: " + diff);
        }
    }

    /**
     * Terminates the addressing client configuration if any, stops both servers, closing their kept-alive connections at once (Axis2's {@value #FAST_SHUTDOWN}
     * for the duration: otherwise each server waits 3 s for request threads blocked reading idle
     * connections), and deletes the repositories.
     */
    @Override
    public void close() throws IOException {
        String was = System.setProperty(FAST_SHUTDOWN, "true");
        try {
            if (addressingClients != null) {
                addressingClients.terminate();
            }
            plain.close();
        } finally {
            try {
                dsoap.close();
            } finally {
                if (was == null) {
                    System.clearProperty(FAST_SHUTDOWN);
                } else {
                    System.setProperty(FAST_SHUTDOWN, was);
                }
                delete(dir);
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
