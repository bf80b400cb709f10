package dev.dsoap.bench.quality;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The bond server with dsoap and its quality file ({@code bonds-quality.txt}). */
@DifferentialSoap(quality = "classpath:/dev/dsoap/bench/quality/bonds-quality.txt")
@WebService(endpointInterface = "dev.dsoap.bench.quality.Bonds", targetNamespace = Bonds.NS, serviceName = "BondService",
        portName = "BondPort")
public class BondServer implements Bonds {
    @Override
    public Timestep[] getBonds(int step, int count) {
        Timestep[] t = new Timestep[Math.max(0, Math.min(count, 16))];
        for (int i = 0; i < t.length; i++) {
            t[i] = Timestep.of(step - t.length + 1 + i);
        }
        return t;
    }
}
