package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.WebServiceFeature;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Real CXF endpoints on Jetty over loopback, on a bus of their own, and real JAX-WS proxies for them. */
final class Cxf implements AutoCloseable {
    final Bus bus;
    private final List<Endpoint> endpoints = new ArrayList<>();

    Cxf() {
        this(BusFactory.newInstance().createBus());
    }

    /** On {@code bus} (made elsewhere, e.g. from a Spring XML file), shut down when this closes. */
    Cxf(Bus bus) {
        this.bus = bus;
        BusFactory.setThreadDefaultBus(bus);
    }

    /** A free loopback address ending in {@code path}. */
    String address(String path) throws IOException {
        BusFactory.setThreadDefaultBus(bus);
        return "http://127.0.0.1:" + freePort() + "/" + path;
    }

    /** Publishes {@code impl} at a free loopback port; returns its address. */
    String publish(Object impl) throws IOException {
        String address = address(impl.getClass().getSimpleName());
        endpoints.add(Endpoint.publish(address, impl));
        return address;
    }

    /** Stops {@code endpoint} with the others when this closes. */
    void track(Endpoint endpoint) {
        endpoints.add(endpoint);
    }

    /** The endpoint published last. */
    Endpoint lastEndpoint() {
        return endpoints.get(endpoints.size() - 1);
    }

    /** A proxy of {@code sei} for the endpoint at {@code address} (its WSDL read from the endpoint). */
    <T> T client(String address, Class<T> sei, String service, String port, WebServiceFeature... features) {
        BusFactory.setThreadDefaultBus(bus);
        try {
            Service s = Service.create(URI.create(address + "?wsdl").toURL(), new QName(Echo.NS, service));
            return s.getPort(new QName(Echo.NS, port), sei, features);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    Echo plain(String address) {
        return client(address, Echo.class, "EchoService", "EchoPort");
    }

    Echo dsoap(String address) {
        return client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature());
    }

    /** The statistics of one operation on this bus ({@code side} server or client, {@code service} as {@code Service.Port}). */
    OperationStatsMXBean stats(String side, String service, String operation) {
        return stats(side, service, operation, false);
    }

    /**
     * As {@link #stats(String, String, String)}; {@code absentOk}: {@code null} when the operation has no MBean yet
     * (dsoap registers it on the operation's first message).
     */
    OperationStatsMXBean stats(String side, String service, String operation, boolean absentOk) {
        try {
            MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
            Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,context="
                    + Integer.toHexString(System.identityHashCode(bus)) + ",side=" + side
                    + ",service=" + ObjectName.quote(service) + ",operation=" + ObjectName.quote(operation) + ",*"), null);
            if (absentOk && names.isEmpty()) {
                return null;
            }
            if (names.size() != 1) {
                throw new AssertionError("expected one dsoap MBean for " + side + " " + service + "/" + operation + ", found "
                        + names + " among " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
            }
            return JMX.newMXBeanProxy(mbs, names.iterator().next(), OperationStatsMXBean.class);
        } catch (javax.management.MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /** POSTs {@code body} as it is; returns the status and the response body. */
    static String[] post(String address, String contentType, byte[] body) throws IOException {
        return post(address, contentType, body, "\"\"");
    }

    /** As {@link #post(String, String, byte[])} with the {@code SOAPAction} header {@code action} ({@code null}: none). */
    static String[] post(String address, String contentType, byte[] body, String action) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", contentType);
        if (action != null) {
            c.setRequestProperty("SOAPAction", action);
        }
        c.getOutputStream().write(body);
        int code = c.getResponseCode();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            return new String[] {Integer.toString(code), in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8)};
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        bus.shutdown(true);
        BusFactory.setThreadDefaultBus(null);
    }
}
