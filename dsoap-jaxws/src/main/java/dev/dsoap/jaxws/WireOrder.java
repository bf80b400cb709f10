package dev.dsoap.jaxws;

import org.apache.cxf.message.Message;
import org.apache.cxf.phase.Phase;

/**
 * Keeps CXF's own order of gzip decompression and logging's wire tap in an incoming chain dsoap is in: does nothing
 * but stand after {@code GZIPInInterceptor} and before {@code WireTapIn}. CXF places the first at the head of the
 * receive phase and the second at its end, so a log shows a compressed message's text; {@link ReadIn}, which must
 * follow both, would otherwise draw the two together in whatever order the chain was built in, and a log could show
 * compressed bytes. Stateless, thread-safe.
 */
final class WireOrder extends DsoapInterceptor {
    WireOrder() {
        super(Phase.RECEIVE);
        addAfter("org.apache.cxf.transport.common.gzip.GZIPInInterceptor");
        addBefore("org.apache.cxf.ext.logging.WireTapIn");
    }

    @Override
    public void handleMessage(Message m) {
    }
}
