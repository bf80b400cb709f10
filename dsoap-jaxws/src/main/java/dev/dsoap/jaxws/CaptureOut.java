package dev.dsoap.jaxws;

import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.phase.Phase;

/**
 * Keeps an outgoing message's values (a server's return value and out-parameters, a client's arguments) before
 * CXF wraps them in JAXB wrapper beans, for {@link WriteOut} to write: after CXF's {@code HolderOutInterceptor},
 * so a server's Holder values sit at their parts' indices and a client's Holders are unwrapped, as CXF's own
 * writers see them. Changes nothing: if dsoap does not write the message, CXF's interceptors carry on as usual.
 * Stateless, thread-safe.
 */
final class CaptureOut extends DsoapInterceptor {
    /** Message property holding the captured values ({@code Object[]}). */
    static final String KEY = CaptureOut.class.getName();

    CaptureOut() {
        super(Phase.PRE_LOGICAL);
        addAfter("org.apache.cxf.jaxws.interceptors.HolderOutInterceptor");
        addBefore("org.apache.cxf.jaxws.interceptors.SwAOutInterceptor");
        addBefore("org.apache.cxf.jaxws.interceptors.WrapperClassOutInterceptor");
    }

    @Override
    public void handleMessage(Message m) {
        if (m.getContent(Exception.class) != null) {
            return;
        }
        MessageContentsList values = MessageContentsList.getContentsList(m);
        if (values != null) {
            m.put(KEY, values.toArray());
        }
    }
}
