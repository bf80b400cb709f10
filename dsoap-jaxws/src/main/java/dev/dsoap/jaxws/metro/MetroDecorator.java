package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.model.JavaMethod;
import com.sun.xml.ws.api.model.SEIModel;
import com.sun.xml.ws.api.pipe.Tube;
import com.sun.xml.ws.assembler.dev.ServerTubelineAssemblyContext;
import com.sun.xml.ws.assembler.dev.TubelineAssemblyDecorator;
import dev.dsoap.jaxws.Annotations;
import dev.dsoap.jaxws.DifferentialSoap;

/**
 * Metro's hook into dsoap: for a server endpoint whose implementation class or service interface carries
 * {@link DifferentialSoap}, wraps the endpoint's codec ({@link DsoapCodec}) and puts an {@link InvokeTube} in front of
 * Metro's invoker. Other endpoints, and clients, are left as Metro assembles them. Metro creates one instance through
 * {@code ServiceLoader}; stateless.
 */
public final class MetroDecorator extends TubelineAssemblyDecorator {
    /** For {@code ServiceLoader}. */
    public MetroDecorator() {
    }

    @Override
    public Tube decorateServerTail(Tube tail, ServerTubelineAssemblyContext context) {
        SEIModel model = context.getSEIModel();
        if (model == null) {
            return tail; // a Provider endpoint: no Java method to call with the values read
        }
        DifferentialSoap annotation = Annotations.find(context.getEndpoint().getImplementationClass());
        for (JavaMethod m : model.getJavaMethods()) {
            if (annotation != null) {
                break;
            }
            annotation = Annotations.find(m.getMethod().getDeclaringClass()); // the interface Metro reads no feature from
        }
        if (annotation == null || !(tail instanceof com.sun.xml.ws.server.InvokerTube<?>)) {
            return tail;
        }
        MetroEndpoint endpoint = MetroEndpoint.of(context, annotation);
        context.getWrappedContext().setCodec(new DsoapCodec(context.getWrappedContext().getCodec(), endpoint));
        return new InvokeTube(tail, endpoint);
    }

    /**
     * For a client proxy whose service endpoint interface carries {@link DifferentialSoap}: its transport tube (the
     * tubeline's tail, made first, with the codec it had then) is made again, as Metro makes it, with dsoap's codec
     * around Metro's ({@link ClientCodec}), which writes
     * the requests {@link DsoapMetro#differential} proxies make and reads their answers. Calls of Metro's own proxy are
     * encoded and decoded by Metro's codec within it, as without dsoap.
     */
    @Override
    public Tube decorateClientTail(Tube tail, com.sun.xml.ws.assembler.dev.ClientTubelineAssemblyContext context) {
        SEIModel model = context.getSEIModel();
        if (model == null || annotation(model) == null || !(tail instanceof com.sun.xml.ws.transport.DeferredTransportPipe
                || tail instanceof com.sun.xml.ws.transport.http.client.HttpTransportPipe)) {
            return tail; // Dispatch clients, other interfaces, other transports
        }
        String secured = SecurityPolicies.of(context.getPolicyMap(), context.getWsdlPort());
        if (secured != null) {
            SECURED.put(context.getBinding(), secured); // WSIT writes and reads its messages in its own form
            return tail;
        }
        context.setCodec(new ClientCodec(context.getCodec()));
        ASSEMBLED.put(context.getBinding(), Boolean.TRUE);
        return context.getWrappedContext().createTransportTube();
    }

    /** Bindings of client proxies assembled with dsoap's codec. */
    private static final java.util.Map<Object, Boolean> ASSEMBLED =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** Bindings of client proxies left as Metro assembles them because their port's policy asks for WS-Security. */
    private static final java.util.Map<Object, String> SECURED =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** Why the client proxy of {@code binding} was left to Metro ({@link SecurityPolicies}), or {@code null}. */
    static String secured(Object binding) {
        return SECURED.get(binding);
    }

    /** Whether the client proxy of {@code binding} was assembled with dsoap's codec. */
    static boolean assembled(Object binding) {
        return ASSEMBLED.containsKey(binding);
    }

    /** The {@link DifferentialSoap} of the service endpoint interface of {@code model}, or {@code null}. */
    static DifferentialSoap annotation(SEIModel model) {
        for (JavaMethod m : model.getJavaMethods()) {
            DifferentialSoap a = Annotations.find(m.getMethod().getDeclaringClass());
            if (a != null) {
                return a;
            }
        }
        return null;
    }
}
