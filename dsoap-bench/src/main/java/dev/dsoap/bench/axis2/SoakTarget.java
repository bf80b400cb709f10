package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.soak.Target;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/** The soak's Axis2 target: the POJO echo service on an embedded SimpleHTTPServer with dsoap.mar. */
public final class SoakTarget implements Target {
    private final EchoServers servers;
    private final String namespace;

    private SoakTarget(EchoServers servers) {
        this.servers = servers;
        this.namespace = servers.namespace(Style.POJO);
    }

    /** Starts the embedded servers (plain and dsoap; the soak uses the dsoap one). */
    public static SoakTarget start() throws Exception {
        return new SoakTarget(EchoServers.start());
    }

    @Override
    public String host() {
        return "axis2";
    }

    @Override
    public URI uri() {
        return servers.dsoap().uri(Style.POJO);
    }

    @Override
    public byte[] request(double[] values) {
        String p = Style.POJO.qualified ? "ns:" : "";
        StringBuilder b = new StringBuilder(32 * values.length + 256).append("<?xml version='1.0' encoding='UTF-8'?>")
                .append("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><ns:")
                .append(Shape.DOUBLES.operation).append(" xmlns:ns=\"").append(namespace).append("\">");
        for (double v : values) {
            b.append('<').append(p).append("v>").append(v).append("</").append(p).append("v>");
        }
        return b.append("</ns:").append(Shape.DOUBLES.operation).append("></soapenv:Body></soapenv:Envelope>")
                .toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public long retainedBytes() {
        try {
            OperationStats st = servers.stats(Style.POJO, Shape.DOUBLES);
            return st.get("RetainedBytes");
        } catch (Exception | LinkageError e) {
            return -1;
        }
    }

    @Override
    public void close() throws Exception {
        servers.close();
    }
}
