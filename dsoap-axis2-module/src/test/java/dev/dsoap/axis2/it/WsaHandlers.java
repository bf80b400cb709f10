package dev.dsoap.axis2.it;

import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.addressing.AddressingConstants;
import org.apache.axis2.addressing.RelatesTo;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.kernel.http.HTTPConstants;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.UUID;

/**
 * Handlers that do what Axis2's addressing module does to a message, for tests and benchmarks: the real module
 * ({@code addressing-2.0.0.mar}) is not obtainable here, so these stand in for it, in its phases, and treat
 * the envelope as it does. {@link In} (phase {@code Addressing}) reads a request's or response's
 * {@code wsa:MessageID}, {@code wsa:Action} and {@code wsa:RelatesTo} header blocks into the message context and
 * marks them processed; {@link Out} (phase {@code MessageOut}) adds {@code wsa:To}, {@code wsa:Action},
 * {@code wsa:MessageID} and {@code wsa:RelatesTo} header blocks to the outgoing envelope, one namespace
 * declaration on each, as AddressingOutHandler does; {@link Gzip} asks Axis2's transport to compress a response
 * ({@code MC_GZIP_RESPONSE}) when its request accepts gzip, as a service would, under AxisServlet only (Axis2's
 * SimpleHTTPServer would compress it without saying so in {@code Content-Encoding}).
 */
public final class WsaHandlers {
    /** The WS-Addressing 1.0 namespace. */
    public static final String WSA = AddressingConstants.Final.WSA_NAMESPACE;
    /** The module's name in {@code axis2.xml} ({@code <module ref="wsatest"/>}). */
    public static final String MODULE = "wsatest";

    private WsaHandlers() {
    }

    /**
     * Writes the module, exploded, into {@code repo/modules/}; its classes come from the class path (the tests', or
     * this module's test jar, which holds only these handlers and which the benchmarks use).
     */
    public static void install(Path repo) throws java.io.IOException {
        Path meta = Files.createDirectories(repo.resolve("modules").resolve(MODULE).resolve("META-INF"));
        Files.writeString(meta.resolve("module.xml"), """
                <module name="wsatest">
                  <InFlow>
                    <handler name="WsaTestIn" class="dev.dsoap.axis2.it.WsaHandlers$In">
                      <order phase="Addressing" before="AddressingBasedDispatcher"/>
                    </handler>
                  </InFlow>
                  <OutFlow>
                    <handler name="WsaTestOut" class="dev.dsoap.axis2.it.WsaHandlers$Out"><order phase="MessageOut"/></handler>
                    <handler name="WsaTestGzip" class="dev.dsoap.axis2.it.WsaHandlers$Gzip"><order phase="MessageOut"/></handler>
                  </OutFlow>
                  <OutFaultFlow>
                    <handler name="WsaTestOut" class="dev.dsoap.axis2.it.WsaHandlers$Out"><order phase="MessageOut"/></handler>
                  </OutFaultFlow>
                  <InFaultFlow>
                    <handler name="WsaTestIn" class="dev.dsoap.axis2.it.WsaHandlers$In">
                      <order phase="Addressing" before="AddressingBasedDispatcher"/>
                    </handler>
                  </InFaultFlow>
                </module>
                """);
    }

    /** Reads the addressing header blocks of an incoming message into its context, marking them processed. */
    public static final class In extends AbstractHandler {
        @Override
        public InvocationResponse invoke(MessageContext mc) {
            SOAPHeader header = mc.getEnvelope().getHeader();
            if (header == null) {
                return InvocationResponse.CONTINUE;
            }
            for (Iterator<SOAPHeaderBlock> it = header.getHeadersToProcess(null); it.hasNext(); ) {
                SOAPHeaderBlock b = it.next();
                if (b.getNamespace() == null || !WSA.equals(b.getNamespace().getNamespaceURI())) {
                    continue;
                }
                String text = b.getText().trim();
                switch (b.getLocalName()) {
                    case "MessageID" -> mc.setMessageID(text);
                    case "Action" -> mc.setWSAAction(text);
                    case "RelatesTo" -> mc.addRelatesTo(new RelatesTo(text));
                    default -> { }
                }
                b.setProcessed();
            }
            return InvocationResponse.CONTINUE;
        }
    }

    /** Adds addressing header blocks to an outgoing message, from its context. */
    public static final class Out extends AbstractHandler {
        @Override
        public InvocationResponse invoke(MessageContext mc) {
            SOAPEnvelope env = mc.getEnvelope();
            SOAPFactory f = (SOAPFactory) env.getOMFactory();
            SOAPHeader header = env.getHeader() != null ? env.getHeader() : f.createSOAPHeader(env);
            String to = mc.getTo() != null ? mc.getTo().getAddress() : AddressingConstants.Final.WSA_ANONYMOUS_URL;
            add(f, header, "To", to);
            add(f, header, "Action", mc.getWSAAction() != null ? mc.getWSAAction() : "urn:dsoap:none");
            if (mc.getMessageID() == null) {
                mc.setMessageID("urn:uuid:" + UUID.randomUUID());
            }
            add(f, header, "MessageID", mc.getMessageID());
            RelatesTo r = mc.getRelatesTo();
            if (r != null && r.getValue() != null) {
                add(f, header, "RelatesTo", r.getValue());
            }
            return InvocationResponse.CONTINUE;
        }

        private static void add(SOAPFactory f, SOAPHeader header, String name, String text) {
            OMNamespace ns = f.createOMNamespace(WSA, "wsa");
            OMElement block = header.addHeaderBlock(name, ns);
            block.setText(text);
        }
    }

    /** Compresses a response whose request accepts gzip (Axis2's {@code MC_GZIP_RESPONSE}). */
    public static final class Gzip extends AbstractHandler {
        @Override
        public InvocationResponse invoke(MessageContext mc) throws org.apache.axis2.AxisFault {
            MessageContext in = mc.isServerSide() && mc.getOperationContext() != null
                    ? mc.getOperationContext().getMessageContext(org.apache.axis2.wsdl.WSDLConstants.MESSAGE_LABEL_IN_VALUE) : null;
            if (in != null && in.getProperty(HTTPConstants.MC_HTTP_SERVLETREQUEST) != null && in.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof Map<?, ?> h) {
                for (Map.Entry<?, ?> e : h.entrySet()) {
                    if ("Accept-Encoding".equalsIgnoreCase(String.valueOf(e.getKey()))
                            && String.valueOf(e.getValue()).toLowerCase(java.util.Locale.ROOT).contains("gzip")) {
                        mc.getOptions().setProperty(HTTPConstants.MC_GZIP_RESPONSE, Boolean.TRUE);
                    }
                }
            }
            return InvocationResponse.CONTINUE;
        }
    }
}
