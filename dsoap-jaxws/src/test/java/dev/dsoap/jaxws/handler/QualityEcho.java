package dev.dsoap.jaxws.handler;

import jakarta.annotation.Resource;
import jakarta.jws.HandlerChain;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;

/** {@link Echo} with the quality handler installed by {@code @HandlerChain}, with a quality file. */
@WebService(endpointInterface = "dev.dsoap.jaxws.handler.Echo", targetNamespace = Echo.NS,
        serviceName = "EchoService", portName = "EchoPort")
@HandlerChain(file = "test-handler-chain.xml")
public class QualityEcho implements Echo {
    @Resource
    private WebServiceContext context;

    @Override
    public String echo(String text) {
        return text;
    }

    @Override
    public double[] scale(double[] values, double factor) {
        double[] r = new double[values.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = values[i] * factor;
        }
        return r;
    }

    @Override
    public String seen() {
        MessageContext m = context.getMessageContext();
        return "requested=" + m.get(DsoapQualityHandler.REQUESTED_TYPE) + ";type=" + m.get(DsoapQualityHandler.MESSAGE_TYPE)
                + ";peer=" + m.get(DsoapQualityHandler.PEER_ATTRIBUTES);
    }

    @Override
    public String choose(String type) {
        context.getMessageContext().put(DsoapQualityHandler.MESSAGE_TYPE, type);
        return type;
    }

    @Override
    public String fail(String why) {
        throw new IllegalStateException(why);
    }
}
