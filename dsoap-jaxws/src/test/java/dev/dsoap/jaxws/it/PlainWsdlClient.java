package dev.dsoap.jaxws.it;

import jakarta.xml.ws.Service;

import javax.xml.namespace.QName;
import java.net.URI;
import java.util.Arrays;

/**
 * A plain CXF client, run in a JVM of its own whose class path has no dsoap (neither its classes nor its CXF bus
 * extensions): builds a proxy from the {@code ?wsdl} of the endpoint named by its argument, calls it once and prints
 * what came back. CXF logs to standard error through java.util.logging, as it does by default.
 */
public final class PlainWsdlClient {
    private PlainWsdlClient() {
    }

    public static void main(String[] args) throws Exception {
        try {
            Class.forName("dev.dsoap.jaxws.DifferentialSoapFeature");
            System.out.println("dsoap is on the class path");
            return;
        } catch (ClassNotFoundException expected) {
            System.out.println("no dsoap");
        }
        Service s = Service.create(URI.create(args[0] + "?wsdl").toURL(), new QName(Echo.NS, "EchoService"));
        Echo echo = s.getPort(new QName(Echo.NS, "EchoPort"), Echo.class);
        System.out.println("answer " + Arrays.toString(echo.echoDoubles(new double[] {1.5, -2})));
    }
}
