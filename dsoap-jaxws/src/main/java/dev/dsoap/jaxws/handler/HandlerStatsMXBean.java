package dev.dsoap.jaxws.handler;

import java.util.Map;

/**
 * What {@link DsoapQualityHandler} counts for one side, endpoint and operation, registered as
 * {@code dev.dsoap:type=JaxwsHandler,side=client|server,endpoint=<port>,operation=<operation>}. Counts are of
 * every handler instance of the JVM on that side, port (local name) and operation (local name), since the
 * first message; times are in microseconds, measured between the handler's own calls (so they include the
 * runtime's SAAJ work, see docs/jaxws.md). "In" and "out" are the message's direction at this handler: a
 * server reads requests and writes responses, a client the other way round.
 */
public interface HandlerStatsMXBean {
    /** {@code client} or {@code server}. */
    String getSide();

    /** The WSDL port's local name, or {@code unknown} when the runtime does not say. */
    String getEndpoint();

    /** The WSDL operation's local name (or the body's first element's), or {@code unknown}. */
    String getOperation();

    /** Incoming messages, faults included. */
    long getMessagesIn();

    /** Outgoing messages, faults included. */
    long getMessagesOut();

    /** Incoming SOAP faults (client side: fault responses). */
    long getFaultsIn();

    /** Outgoing SOAP faults (server side: fault responses). */
    long getFaultsOut();

    /**
     * Bytes of incoming messages whose transport gave a {@code Content-Length} (chunked messages have none).
     * Outgoing sizes are not counted: a handler would have to serialize the message once more to know them.
     */
    long getBytesIn();

    /** Incoming messages whose size {@link #getBytesIn()} includes. */
    long getBytesInMessages();

    /** Incoming messages that carried a dsoap quality header (the peer runs the handler). */
    long getQualityHeadersIn();

    /** Outgoing messages to which a dsoap quality header was added. */
    long getQualityHeadersOut();

    /** Incoming quality headers ignored as malformed (the first one logged per handler instance). */
    long getQualityHeadersRejected();

    /** Client: round trips measured (fault responses are not). */
    long getRoundTrips();

    /** Client: sum of the measured round-trip times, microseconds. */
    long getRoundTripMicrosTotal();

    /** Client: the last round-trip time measured, microseconds. */
    long getLastRoundTripMicros();

    /** Client: smoothed round-trip time {@code R = 0.875 R + 0.125 M} over all round trips, microseconds; -1 before the first. */
    long getRoundTripEstimateMicros();

    /** Server: responses (faults included) whose request the handler saw. */
    long getResponses();

    /** Server: sum of the times from the handler's request call to its response call, microseconds. */
    long getProcessingMicrosTotal();

    /** Message types announced in outgoing quality headers (client: requested, server: chosen), by type. */
    Map<String, Long> getMessageTypes();

    /** Changes of the type chosen from a quality file, over all peers. */
    long getTypeSwitches();
}
