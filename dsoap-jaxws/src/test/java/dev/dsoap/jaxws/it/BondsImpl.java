package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;

/** The bond server without dsoap. */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Bonds", targetNamespace = Echo.NS, serviceName = "BondService",
        portName = "BondPort")
public class BondsImpl implements Bonds {
    @Override
    public Timestep[] getBonds(int from, int count) {
        Timestep[] t = new Timestep[Math.max(0, Math.min(count, 64))];
        for (int i = 0; i < t.length; i++) {
            t[i] = Timestep.of(from + i);
        }
        return t;
    }
}
