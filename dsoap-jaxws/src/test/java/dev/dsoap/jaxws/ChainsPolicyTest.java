package dev.dsoap.jaxws;

import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.junit.jupiter.api.Test;

import javax.xml.namespace.QName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A WS-Policy is in effect for dsoap only when CXF's policy engine left assertions other than dsoap's own in the
 * message: the binary assertion an endpoint publishes (and a client reads from its WSDL) does not send messages to
 * CXF's path.
 */
class ChainsPolicyTest {
    private static final String KEY = "org.apache.cxf.ws.policy.AssertionInfoMap";

    private static Message with(QName... assertions) {
        Message m = new MessageImpl();
        Map<QName, Object> aim = new HashMap<>();
        for (QName q : assertions) {
            aim.put(q, List.of());
        }
        m.put(KEY, aim);
        return m;
    }

    @Test
    void onlyOtherAssertionsPutAPolicyInEffect() {
        assertFalse(Chains.policyInEffect(new MessageImpl()), "no policy engine");
        assertFalse(Chains.policyInEffect(with()), "an empty assertion map");
        QName ours = new QName("urn:dsoap:policy", "BinaryEncoding");
        QName addressing = new QName("http://www.w3.org/2007/05/addressing/metadata", "Addressing");
        assertFalse(Chains.policyInEffect(with(ours)), "dsoap's own assertion");
        assertTrue(Chains.policyInEffect(with(addressing)));
        assertTrue(Chains.policyInEffect(with(ours, addressing)));
    }
}
