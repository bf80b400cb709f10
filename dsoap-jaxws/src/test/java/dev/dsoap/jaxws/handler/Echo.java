package dev.dsoap.jaxws.handler;

import jakarta.jws.WebService;

/** The test service: values that come back as sent, and what the server's handler told the service. */
@WebService(name = "Echo", targetNamespace = Echo.NS)
public interface Echo {
    String NS = "urn:dsoap:test:echo";

    String echo(String text);

    double[] scale(double[] values, double factor);

    /** What the server's handler put in the message context of this request. */
    String seen();

    /** Sets the message type the answer announces ({@link DsoapQualityHandler#MESSAGE_TYPE}); returns it. */
    String choose(String type);

    /** Throws: a SOAP fault. */
    String fail(String why);
}
