package dev.dsoap.jaxws.wsit;

import dev.dsoap.jaxws.metro.MetroEcho;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * WSIT's configuration of one endpoint, as WSIT looks it up for an endpoint published without a WSDL: the file
 * {@code META-INF/wsit-<implementation class>.xml} found through the thread's context class loader, a WSDL of the
 * endpoint's service whose binding carries the WS-SecurityPolicy assertions. Written at test time because the key
 * store's path is known only then.
 */
final class WsitPolicy {
    /** The operations of {@link MetroEcho}, document/literal wrapped. */
    private static final List<String> OPERATIONS = List.of("echoDoubles", "echoInts", "echoStrings", "sum", "count",
            "reversed", "move");

    /** What the policy protects. */
    enum Protection {
        /** A symmetric binding (the server's X.509 key) whose messages have their bodies signed and encrypted. */
        BODY,
        /** The same binding, bodies signed and left in the clear. */
        SIGNED
    }

    private WsitPolicy() {
    }

    /** Writes the configuration of {@code impl}, published as {@code service}/{@code port}, under {@code root}. */
    static void write(Path root, Class<?> impl, String service, String port, Protection protection, Path keyStore,
                      String alias, String password) throws IOException {
        StringBuilder w = new StringBuilder(8192);
        w.append("""
                <?xml version="1.0" encoding="UTF-8"?>
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:wsp="http://www.w3.org/ns/ws-policy"
                    xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"
                    xmlns:sp="http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702"
                    xmlns:sc="http://schemas.sun.com/2006/03/wss/server"
                    xmlns:wspp="http://java.sun.com/xml/ns/wsit/policy"
                    xmlns:tns="%1$s" targetNamespace="%1$s" name="%2$s">
                  <wsp:Policy wsu:Id="endpoint">
                    <wsp:ExactlyOne><wsp:All>
                      <sp:SymmetricBinding><wsp:Policy>
                        <sp:ProtectionToken><wsp:Policy>
                          <sp:X509Token sp:IncludeToken="http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702/IncludeToken/Never">
                            <wsp:Policy><sp:RequireThumbprintReference/><sp:WssX509V3Token10/></wsp:Policy>
                          </sp:X509Token>
                        </wsp:Policy></sp:ProtectionToken>
                        <sp:AlgorithmSuite><wsp:Policy><sp:Basic128/></wsp:Policy></sp:AlgorithmSuite>
                        <sp:Layout><wsp:Policy><sp:Strict/></wsp:Policy></sp:Layout>
                        <sp:IncludeTimestamp/>
                        <sp:OnlySignEntireHeadersAndBody/>
                      </wsp:Policy></sp:SymmetricBinding>
                      <sp:Wss11><wsp:Policy>
                        <sp:MustSupportRefKeyIdentifier/><sp:MustSupportRefIssuerSerial/>
                        <sp:MustSupportRefThumbprint/><sp:MustSupportRefEncryptedKey/>
                      </wsp:Policy></sp:Wss11>
                      <sc:KeyStore wspp:visibility="private" location="%3$s" type="PKCS12" storepass="%4$s" keypass="%4$s"
                          alias="%5$s"/>
                    </wsp:All></wsp:ExactlyOne>
                  </wsp:Policy>
                  <wsp:Policy wsu:Id="BODY">
                    <wsp:ExactlyOne><wsp:All>
                      <sp:SignedParts><sp:Body/></sp:SignedParts>
                      <sp:EncryptedParts><sp:Body/></sp:EncryptedParts>
                    </wsp:All></wsp:ExactlyOne>
                  </wsp:Policy>
                  <wsp:Policy wsu:Id="SIGNED">
                    <wsp:ExactlyOne><wsp:All>
                      <sp:SignedParts><sp:Body/></sp:SignedParts>
                    </wsp:All></wsp:ExactlyOne>
                  </wsp:Policy>
                """.formatted(MetroEcho.NS, service, keyStore.toAbsolutePath(), password, alias));
        for (String op : OPERATIONS) {
            w.append("  <message name=\"").append(op).append("\"><part name=\"parameters\" element=\"tns:").append(op)
                    .append("\"/></message>\n");
            w.append("  <message name=\"").append(op).append("Response\"><part name=\"parameters\" element=\"tns:")
                    .append(op).append("Response\"/></message>\n");
        }
        w.append("  <portType name=\"MetroEcho\">\n");
        for (String op : OPERATIONS) {
            w.append("    <operation name=\"").append(op).append("\"><input message=\"tns:").append(op)
                    .append("\"/><output message=\"tns:").append(op).append("Response\"/></operation>\n");
        }
        w.append("  </portType>\n");
        w.append("  <binding name=\"").append(port).append("Binding\" type=\"tns:MetroEcho\">\n");
        w.append("    <wsp:PolicyReference URI=\"#endpoint\"/>\n");
        w.append("    <soap:binding transport=\"http://schemas.xmlsoap.org/soap/http\" style=\"document\"/>\n");
        String parts = "<wsp:PolicyReference URI=\"#" + protection + "\"/>";
        for (String op : OPERATIONS) {
            w.append("    <operation name=\"").append(op).append("\"><soap:operation soapAction=\"\"/>")
                    .append("<input>").append(parts).append("<soap:body use=\"literal\"/></input>")
                    .append("<output>").append(parts).append("<soap:body use=\"literal\"/></output></operation>\n");
        }
        w.append("  </binding>\n");
        w.append("  <service name=\"").append(service).append("\"><port name=\"").append(port)
                .append("\" binding=\"tns:").append(port).append("Binding\"><soap:address location=\"REPLACE_WITH_ACTUAL_URL\"/>")
                .append("</port></service>\n");
        w.append("</definitions>\n");
        Path file = root.resolve("META-INF").resolve("wsit-" + impl.getName() + ".xml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, w, StandardCharsets.UTF_8);
    }
}
