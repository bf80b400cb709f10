package dev.dsoap.jaxws;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.negotiation.BinaryMediaType;
import org.apache.cxf.helpers.CastUtils;
import org.apache.cxf.message.Message;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * dsoap's binary form on CXF: what the HTTP headers say and carry. A server answers binary to a request whose
 * {@code Accept} asks for it (with the format the client reads), and names in {@value #REQUEST_FORMAT} the format
 * of the requests it reads; a {@code @DifferentialSoap} client in performance mode sends binary requests only once
 * that header names its own request format. Stateless.
 */
final class Binary {
    /** Exchange property: the answer goes binary; {@link Boolean#TRUE} when it carries its descriptor. */
    static final String ANSWER = Binary.class.getName() + ".answer";
    /** Exchange property: the request went binary. */
    static final String SENT = Binary.class.getName() + ".sent";
    /** Response header naming the formats of the requests the endpoint reads in binary (ids separated by commas). */
    static final String REQUEST_FORMAT = dev.dsoap.negotiation.BinaryPeer.REQUEST_FORMATS;

    private Binary() {
    }

    /** Whether {@code contentType} is dsoap's binary media type (with or without parameters). */
    static boolean is(String contentType) {
        return BinaryMediaType.is(contentType);
    }

    /** The XML media type of {@code version}. */
    static String xmlType(SoapVersion version) {
        return version == SoapVersion.SOAP_12 ? "application/soap+xml" : "text/xml";
    }

    /** The first value of HTTP header {@code name} in {@code m}, or {@code null}. */
    static String header(Message m, String name) {
        if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> headers) {
            Object v = headers.get(name);
            if (v == null) {
                for (Map.Entry<?, ?> e : headers.entrySet()) {
                    if (e.getKey() instanceof String k && k.equalsIgnoreCase(name)) {
                        v = e.getValue();
                        break;
                    }
                }
            }
            if (v instanceof List<?> values && !values.isEmpty() && values.get(0) instanceof String s) {
                return s;
            }
        }
        return null;
    }

    /** Sets HTTP header {@code name} of outgoing {@code m}, keeping the others. */
    static void setHeader(Message m, String name, String value) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> given) {
            for (Map.Entry<?, ?> e : given.entrySet()) {
                if (e.getKey() instanceof String k && e.getValue() instanceof List<?> v) {
                    headers.put(k, CastUtils.cast(v));
                }
            }
        }
        headers.put(name, List.of(value));
        m.put(Message.PROTOCOL_HEADERS, headers);
    }

    /** Message property: the HTTP headers dsoap set on an outgoing message, by name (case-insensitive). */
    static final String OWN_HEADERS = Binary.class.getName() + ".ownHeaders";

    /**
     * Sets HTTP header {@code name} of outgoing {@code m} as {@link #setHeader} does, and records it as dsoap's own, so
     * that coalescing can tell dsoap's headers from those the application or another interceptor set.
     */
    @SuppressWarnings("unchecked")
    static void setOwnHeader(Message m, String name, String value) {
        setHeader(m, name, value);
        Map<String, List<String>> own = (Map<String, List<String>>) m.get(OWN_HEADERS);
        if (own == null) {
            own = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            m.put(OWN_HEADERS, own);
        }
        own.put(name, List.of(value));
    }

    /** The id of {@code format} as its header value, or {@code null}. */
    static String id(BinaryFormat format) {
        return format == null ? null : format.descriptor().idHex();
    }
}
