package dev.dsoap.bench.echo;

/**
 * One host's plain and dsoap-carried endpoints of the operation {@code echoVoid} (no parameters, no result), as
 * {@link VoidLatencyBench} calls them: {@code axis2.Axis2VoidPair} (the POJO service on two Axis2
 * SimpleHTTPServers) or {@code cxf.CxfVoidPair} (two CXF endpoints on Jetty). Thread-safe once started;
 * each {@link Caller} is for one thread at a time.
 */
public interface VoidPair extends AutoCloseable {
    /** One client's calls of {@code echoVoid} on one endpoint, over one kept-alive connection. */
    interface Caller {
        /**
         * Calls {@code echoVoid} once.
         *
         * @throws Exception if the call fails or is not answered as the host answers {@code echoVoid}
         */
        void call() throws Exception;
    }

    /**
     * Checks that both endpoints answer {@code echoVoid} as the host does, and that dsoap carried the dsoap
     * endpoint's messages itself (no fallback to the host's path), in the directions it has messages.
     *
     * @throws IllegalStateException on any difference
     */
    void verify() throws Exception;

    /** A new client of the dsoap endpoint ({@code dsoap}: through dsoap where the host has a dsoap client) or the plain one. */
    Caller caller(boolean dsoap);

    /** The dsoap endpoint's server ({@code dsoap}) or the plain one, for messages. */
    Object server(boolean dsoap);

    /** The CPU time of the request threads of {@link #server(boolean)}. */
    ThreadCpu.Reading cpu(boolean dsoap);

    /** dsoap's statistics for {@code echoVoid}, for the log. */
    String describe();

    /**
     * The pair of {@code host}: {@code axis2} or {@code cxf}, started.
     *
     * @throws IllegalArgumentException for another host
     */
    static VoidPair start(String host) throws Exception {
        return switch (host) {
            case "axis2" -> dev.dsoap.bench.axis2.Axis2VoidPair.start();
            case "cxf" -> dev.dsoap.bench.cxf.CxfVoidPair.start();
            default -> throw new IllegalArgumentException("host axis2|cxf, not " + host);
        };
    }
}
