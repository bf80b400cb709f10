package dev.dsoap.jaxws;

import dev.dsoap.quality.QualityAttributes;
import dev.dsoap.quality.QualityClient;
import dev.dsoap.quality.QualityServer;
import dev.dsoap.quality.QualityWire;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;

/**
 * Quality management on CXF, on dsoap's path and the host's alike: the request's and the answer's quality travel
 * in HTTP headers ({@link QualityWire}), and the variant's values replace the full ones in CXF's content list before
 * either writes the message. A server reads the request's header when it arrives (refusing a malformed one with a
 * sender fault) and chooses, makes and announces the answer's variant when it leaves; a client stamps its request
 * and samples the answer. Stateless.
 */
final class Quality {
    /** Exchange property: the request's quality fields ({@link QualityWire.Fields}), or absent. */
    private static final String FIELDS = Quality.class.getName() + ".fields";
    /** Exchange property: when the request arrived ({@code System.nanoTime()}). */
    private static final String ARRIVED = Quality.class.getName() + ".arrived";
    /** Exchange property: the sender's peer key. */
    private static final String PEER = Quality.class.getName() + ".peer";
    /** Endpoint property: the proxy's or endpoint's own attributes ({@link QualityAttributes}). */
    static final String ATTRIBUTES = QualityAttributes.class.getName();

    private Quality() {
    }

    /** The attributes kept by {@code endpoint} (a proxy's client endpoint, or a server endpoint), made on first use. */
    static QualityAttributes attributes(Endpoint endpoint) {
        return (QualityAttributes) endpoint.computeIfAbsent(ATTRIBUTES, k -> new QualityAttributes());
    }

    /** A server's request arrived: its quality header read and checked, the arrival noted. */
    static void arrived(Message m, EndpointState st) {
        Exchange ex = m.getExchange();
        if (ex == null) {
            return;
        }
        ex.put(ARRIVED, System.nanoTime());
        String header = Binary.header(m, QualityWire.REQUEST);
        if (header == null) {
            return;
        }
        try {
            ex.put(FIELDS, QualityWire.read(header));
        } catch (QualityWire.Malformed e) {
            st.unknown.qualityRefused(QualityWire.REQUEST + ": " + e.getMessage());
            st.unknown.rejected();
            Fault f = new Fault(new IllegalArgumentException("dsoap: " + QualityWire.REQUEST + ": " + e.getMessage()));
            f.setFaultCode(Fault.FAULT_CODE_CLIENT);
            throw f;
        }
        ex.put(PEER, Sender.of(m, st.settings.clientIdHeader()));
    }

    /**
     * A server's answer leaving: the variant chosen for the request's sender made from {@code parts} (plan order;
     * {@code index} gives their places in the content list, which is updated too), the answer header set.
     *
     * @return the parts to write
     */
    static Object[] answer(Message m, QualityServer q, Object[] parts, int[] index) {
        Exchange ex = m.getExchange();
        if (q == null || !(ex.get(ARRIVED) instanceof Long arrived)) {
            return parts;
        }
        QualityWire.Fields f = (QualityWire.Fields) ex.get(FIELDS);
        QualityServer.Exchange x = q.request(f, ex.get(PEER) instanceof Long p ? p : 0, arrived);
        Object[] v = x.parts(parts);
        if (v != parts) {
            replace(m, v, index);
        }
        if (f != null) {
            Binary.setOwnHeader(m, QualityWire.ANSWER, x.answer());
        }
        return v;
    }

    /** A client's request leaving: stamped, its variant made from {@code parts}. */
    static Object[] call(Message m, QualityClient q, Object[] parts, int[] index) {
        if (q == null) {
            return parts;
        }
        Endpoint endpoint = m.getExchange().getEndpoint();
        QualityClient.Call call = q.call(endpoint == null ? null : attributes(endpoint));
        Object[] v = call.parts(parts);
        if (v != parts) {
            replace(m, v, index);
        }
        Binary.setHeader(m, QualityWire.REQUEST, call.header());
        return v;
    }

    /**
     * A client's answer of {@code bytes} bytes ({@code -1}: not known) arrived: its round trip sampled. A malformed
     * answer header is counted, not sampled.
     */
    static void answered(Message m, Operation op, long bytes) {
        if (op.qualityClient == null) {
            return;
        }
        try {
            op.qualityClient.answered(Binary.header(m, QualityWire.ANSWER), false, bytes);
        } catch (QualityWire.Malformed e) {
            op.stats.qualityRefused(QualityWire.ANSWER + ": " + e.getMessage());
        }
    }

    private static void replace(Message m, Object[] v, int[] index) {
        MessageContentsList list = MessageContentsList.getContentsList(m);
        if (list == null) {
            return;
        }
        for (int i = 0; i < index.length; i++) {
            if (index[i] < list.size()) {
                list.set(index[i], v[i]);
            }
        }
    }
}
