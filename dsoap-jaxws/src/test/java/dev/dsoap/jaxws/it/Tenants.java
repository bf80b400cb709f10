package dev.dsoap.jaxws.it;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A service whose answers depend on who calls, told by what the host knows besides the body. */
@WebService(targetNamespace = Echo.NS, name = "Tenants")
public interface Tenants {
    /** The caller's portfolio for {@code symbol}: names the caller as the service told it. */
    String portfolio(@WebParam(name = "symbol") String symbol);

    /** Starts a servlet session for {@code user} (not coalesced). */
    String login(@WebParam(name = "user") String user);
}
