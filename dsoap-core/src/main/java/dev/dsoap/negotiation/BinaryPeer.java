package dev.dsoap.negotiation;

import java.util.Locale;
import java.util.Objects;

/**
 * A dsoap client's side of the binary negotiation for one operation (or call signature) with one endpoint: whether
 * the next request asks for a binary answer and how, whether it goes binary itself and carries its format's
 * descriptor, and what the endpoint's answers and refusals change. The one place every dsoap client (the CXF
 * proxies, Axis2's {@code DsoapRpcServiceClient}, {@code DsoapClient}) keeps these rules:
 *
 * <ul>
 *   <li>a request asks for a binary answer naming the one format the client reads ({@link #accept});</li>
 *   <li>in {@link BinaryMode#PERFORMANCE}, requests go binary once a binary answer named this request format among
 *       those the endpoint reads ({@link #REQUEST_FORMATS}); the first binary request carries its descriptor, later
 *       ones not once the endpoint has read one;</li>
 *   <li>a refusal (HTTP 415) or an unreadable answer sends the client back to XML for a back-off ({@link Choice}).</li>
 * </ul>
 *
 * <p>Thread-safe, lock-free.
 */
public final class BinaryPeer {
    /** Response header in which a dsoap endpoint names the binary request formats it reads (ids, comma-separated). */
    public static final String REQUEST_FORMATS = "X-Dsoap-Request-Format";

    private final Choice choice;
    /** Whether the endpoint has read a binary request of this client (later ones leave the descriptor out). */
    private volatile boolean requestFormatKnown;

    public BinaryPeer(BinaryMode mode) {
        this.choice = new Choice(Objects.requireNonNull(mode, "mode"));
    }

    /** The XML/binary choice and its counters. */
    public Choice choice() {
        return choice;
    }

    /**
     * The {@code Accept} value of the next request, or {@code null} when it does not ask for binary; counts one call
     * of a back-off.
     *
     * @param xmlType   the SOAP version's XML media type
     * @param answersId the id of the answer format this client reads (16 hex digits), or {@code null} when it reads
     *                  no binary answer
     */
    public String accept(String xmlType, String answersId) {
        return answersId != null && choice.ask() ? BinaryMediaType.accept(xmlType, answersId) : null;
    }

    /** Whether the next request goes binary (performance mode, after the endpoint named this request format). */
    public boolean sendsBinary() {
        return choice.sendBinary();
    }

    /** Whether the next binary request carries its format's descriptor: until the endpoint has read one. */
    public boolean describeRequests() {
        return !requestFormatKnown;
    }

    /**
     * A binary answer arrived.
     *
     * @param endpointReads the answer's {@link #REQUEST_FORMATS} header, or {@code null}
     * @param requestsId    the id of this client's request format, or {@code null} when it writes no binary requests
     * @param sentBinary    whether the request it answers went binary
     */
    public void answered(String endpointReads, String requestsId, boolean sentBinary) {
        if (sentBinary) {
            requestFormatKnown = true;
        }
        if (endpointReads != null && requestsId != null && lists(endpointReads, requestsId)) {
            choice.answeredBinary();
        }
    }

    /** The endpoint refused a binary request (HTTP 415): back to XML for a while, the descriptor sent again later. */
    public void refused() {
        choice.refused(Choice.Refusal.UNSUPPORTED_MEDIA_TYPE);
        requestFormatKnown = false;
    }

    /** A binary answer could not be read: back to XML (and asking for XML answers) for a while. */
    public void unreadable() {
        choice.refused(Choice.Refusal.DECODE_ERROR);
        requestFormatKnown = false;
    }

    /** Whether comma-separated {@code ids} holds {@code id}, ignoring case and blanks. */
    static boolean lists(String ids, String id) {
        for (String s : ids.split(",")) {
            if (s.strip().toLowerCase(Locale.ROOT).equals(id.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "BinaryPeer[" + choice + (requestFormatKnown ? ", request format known" : "") + "]";
    }
}
