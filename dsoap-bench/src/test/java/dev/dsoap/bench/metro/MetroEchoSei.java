package dev.dsoap.bench.metro;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/**
 * The Metro benchmarks' port type as a plain CXF client sees it (the Metro world's own interface lives in Metro's class
 * loader): document/literal wrapped, unqualified {@code <v>} items.
 */
@WebService(name = "Echo", targetNamespace = MetroEchoSei.NAMESPACE)
public interface MetroEchoSei {
    /** The Metro world's target namespace. */
    String NAMESPACE = "urn:dsoap:bench:metro-echo";

    double[] echoDoubles(@WebParam(name = "v") double[] v);
}
