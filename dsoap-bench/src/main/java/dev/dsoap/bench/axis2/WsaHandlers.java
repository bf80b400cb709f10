package dev.dsoap.bench.axis2;

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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.UUID;

/**
 * A stand-in for Axis2's WS-Addressing module, for the benchmarks: the real module ({@code addressing-2.0.0.mar})
 * is not obtainable here, so these handlers do what it does to a message, in its phases, as dsoap-axis2-module's
 * tests do. {@link In} (phase {@code Addressing}, before {@code AddressingBasedDispatcher}) reads a request's or
 * answer's {@code wsa:MessageID}, {@code wsa:Action} and {@code wsa:RelatesTo} header blocks into the message context
 * and marks them processed; {@link Out} (phase {@code MessageOut}) adds {@code wsa:To}, {@code wsa:Action},
 * {@code wsa:MessageID} and {@code wsa:RelatesTo} header blocks to the outgoing envelope, one namespace declaration
 * on each, as AddressingOutHandler does. {@link #install} writes the module, exploded, into a repository; an
 * {@code axis2.xml} engages it with {@code <module ref="wsatest"/>}. The classes are public because Axis2
 * instantiates them; they come from the class path.
 */
public final class WsaHandlers {
    /** The WS-Addressing 1.0 namespace. */
    static final String WSA = AddressingConstants.Final.WSA_NAMESPACE;
    /** The module's name in {@code axis2.xml} ({@code <module ref="wsatest"/>}). */
    static final String MODULE = "wsatest";

    private WsaHandlers() {
    }

    /** Writes the module, exploded, into {@code repo/modules/wsatest/META-INF/module.xml}. */
    static void install(Path repo) throws IOException {
        Path meta = Files.createDirectories(repo.resolve("modules").resolve(MODULE).resolve("META-INF"));
        String in = In.class.getName();
        String out = Out.class.getName();
        Files.writeString(meta.resolve("module.xml"), """
                <module name="%1$s">
                  <InFlow>
                    <handler name="WsaTestIn" class="%2$s"><order phase="Addressing" before="AddressingBasedDispatcher"/></handler>
                  </InFlow>
                  <OutFlow>
                    <handler name="WsaTestOut" class="%3$s"><order phase="MessageOut"/></handler>
                  </OutFlow>
                  <OutFaultFlow>
                    <handler name="WsaTestOut" class="%3$s"><order phase="MessageOut"/></handler>
                  </OutFaultFlow>
                  <InFaultFlow>
                    <handler name="WsaTestIn" class="%2$s"><order phase="Addressing" before="AddressingBasedDispatcher"/></handler>
                  </InFaultFlow>
                </module>
                """.formatted(MODULE, in, out));
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
}
