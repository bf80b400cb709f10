package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.soak.Target;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/** The soak's CXF target: the {@code @DifferentialSoap} echo endpoint on embedded Jetty. */
public final class SoakTarget implements Target {
    private final CxfEchoServers servers;

    private SoakTarget(CxfEchoServers servers) {
        this.servers = servers;
    }

    /** Starts the embedded endpoints (plain and dsoap; the soak uses the dsoap one). */
    public static SoakTarget start() throws Exception {
        return new SoakTarget(CxfEchoServers.start());
    }

    @Override
    public String host() {
        return "cxf";
    }

    @Override
    public URI uri() {
        return servers.dsoap().uri();
    }

    @Override
    public byte[] request(double[] values) {
        StringBuilder b = new StringBuilder(32 * values.length + 256)
                .append("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><ns:")
                .append(Shape.DOUBLES.operation).append(" xmlns:ns=\"").append(EchoPort.NAMESPACE).append("\">");
        for (double v : values) {
            b.append("<v>").append(v).append("</v>");
        }
        return b.append("</ns:").append(Shape.DOUBLES.operation).append("></soapenv:Body></soapenv:Envelope>")
                .toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public long retainedBytes() {
        try {
            return servers.stats("server", Shape.DOUBLES).get("RetainedBytes");
        } catch (Exception e) {
            return -1;
        }
    }

    @Override
    public void close() {
        servers.close();
    }
}
