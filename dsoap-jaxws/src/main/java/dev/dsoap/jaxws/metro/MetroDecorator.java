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
}
