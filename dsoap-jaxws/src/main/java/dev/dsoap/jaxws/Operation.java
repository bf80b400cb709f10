package dev.dsoap.jaxws;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.Settings;
import dev.dsoap.template.MemoryBudget;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.xml.ws.Holder;
import org.apache.cxf.service.invoker.MethodDispatcher;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.MessageInfo;
import org.apache.cxf.service.model.MessagePartInfo;
import org.apache.ws.commons.schema.XmlSchemaComplexType;
import org.apache.ws.commons.schema.XmlSchemaElement;
import org.apache.ws.commons.schema.XmlSchemaSequence;
import org.apache.ws.commons.schema.XmlSchemaSequenceMember;

import javax.xml.namespace.QName;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One operation of a carried endpoint or client: the shapes of its request and response (from CXF's service
 * model and the Java method, as JAXB would bind them), turned into the operation's {@link Carrier}, and where
 * its parts sit in CXF's content list. Built on the first message of the operation. Thread-safe.
 */
final class Operation {
    final QName name;
    final OperationStats stats;
    final boolean oneWay;
    /** Reads the incoming side (requests on a server, responses on a client), writes the outgoing side. */
    final Carrier carrier;
    /** Content-list index of each incoming part, in plan order. */
    final int[] readIndex;
    /** Content-list index of each outgoing part, in plan order. */
    final int[] writeIndex;
    /** Java types of the incoming parts, in plan order (primitives become their zero when absent, as JAXB leaves them). */
    final Class<?>[] readTypes;

    /**
     * @param bop      the operation as the exchange names it (wrapped or unwrapped)
     * @param client   whether this is a client's view (requests written, responses read)
     * @param plans    the endpoint's plan cache
     */
    Operation(BindingOperationInfo bop, MethodDispatcher dispatcher, SoapVersion version, boolean client,
              Settings settings, OperationStats stats, MemoryBudget budget, PlanCache plans) {
        BindingOperationInfo wrapped = bop.isUnwrapped() ? bop.getWrappedOperation() : bop;
        this.name = wrapped.getName();
        this.stats = stats;
        this.oneWay = wrapped.getOperationInfo().isOneWay();
        WireConvention conv = convention(version);
        Shapes request = shapes(wrapped, dispatcher, true);
        Shapes response = oneWay ? null : shapes(wrapped, dispatcher, false);
        Shapes in = client ? response : request;
        Shapes out = client ? request : response;

        Carrier.Builder b = Carrier.builder(settings, stats, budget, plans);
        if (in == null) {
            b.noReads("one-way operation");
        } else if (in.problem != null) {
            b.noReads(in.problem);
        } else {
            b.reads(() -> in.shape, conv);
        }
        if (out == null) {
            b.noWrites("one-way operation");
        } else if (out.problem != null) {
            b.noWrites(out.problem);
        } else {
            b.writes(() -> out.shape, conv);
        }
        this.carrier = b.build();
        this.readIndex = in == null ? new int[0] : in.index;
        this.readTypes = in == null ? new Class<?>[0] : in.types;
        this.writeIndex = out == null ? new int[0] : out.index;
        stats.templates(carrier::retainedBytes);
    }

    /**
     * What CXF's JAXB data binding writes: {@code soap} envelope prefix, no XML declaration, the wrapper in
     * prefix {@code ns2}, parts and bean fields as the annotations (and the service model) qualify them, null
     * properties left out unless nillable, no {@code xsi:type}; a repeated element that does not occur reads as
     * {@code null}, as JAXB leaves it.
     */
    static WireConvention convention(SoapVersion version) {
        return WireConvention.builder("cxf-jaxb" + (version == SoapVersion.SOAP_12 ? "-soap12" : ""))
                .soapVersion(version).envelopePrefix("soap").xmlDeclaration(false).wrapperPrefix("ns2")
                .partsQualified(false).fieldsQualified(false).typePrefixStem("ns")
                .nullStyle(WireConvention.NullStyle.OMIT).beanStyle(WireConvention.BeanStyle.JAXB).emptyArraysNull(true).build();
    }

    /** One direction's body: its shape and where its parts sit in the content list, or why dsoap cannot carry it. */
    private static final class Shapes {
        MessageShape shape;
        int[] index;
        Class<?>[] types;
        String problem;

        static Shapes problem(String why) {
            Shapes s = new Shapes();
            s.problem = why;
            return s;
        }
    }

    private static Shapes shapes(BindingOperationInfo wrapped, MethodDispatcher dispatcher, boolean input) {
        if (wrapped.getOperationInfo().isUnwrappedCapable()) {
            BindingOperationInfo unwrapped = wrapped.getUnwrappedOperation();
            Method method = dispatcher == null ? null : dispatcher.getMethod(unwrapped);
            MessageInfo outer = input ? wrapped.getOperationInfo().getInput() : wrapped.getOperationInfo().getOutput();
            MessageInfo inner = input ? unwrapped.getOperationInfo().getInput() : unwrapped.getOperationInfo().getOutput();
            if (method == null || outer == null || inner == null || outer.getMessagePartsNumber() != 1) {
                return Shapes.problem("no service method or wrapper element");
            }
            MessagePartInfo wrapper = outer.getFirstMessagePart();
            return parts(method, inner.getMessageParts(), input, false, wrapper.getConcreteName(), children(wrapper));
        }
        Method method = dispatcher == null ? null : dispatcher.getMethod(wrapped);
        MessageInfo msg = input ? wrapped.getOperationInfo().getInput() : wrapped.getOperationInfo().getOutput();
        if (method == null || msg == null) {
            return Shapes.problem("no service method");
        }
        if (msg.getMessagePartsNumber() != 1 || !msg.getFirstMessagePart().isElement()) {
            return Shapes.problem("bare message with " + msg.getMessagePartsNumber() + " parts");
        }
        MessagePartInfo part = msg.getFirstMessagePart();
        return parts(method, msg.getMessageParts(), input, true, part.getConcreteName(),
                part.getXmlSchema() instanceof XmlSchemaElement e ? Map.of(part.getConcreteName().getLocalPart(), e) : Map.of());
    }

    /** The child elements a wrapper element's schema declares, by local name. */
    private static Map<String, XmlSchemaElement> children(MessagePartInfo wrapper) {
        Map<String, XmlSchemaElement> m = new HashMap<>();
        if (wrapper.getXmlSchema() instanceof XmlSchemaElement e
                && e.getSchemaType() instanceof XmlSchemaComplexType t
                && t.getParticle() instanceof XmlSchemaSequence seq) {
            for (XmlSchemaSequenceMember item : seq.getItems()) {
                if (item instanceof XmlSchemaElement child) {
                    XmlSchemaElement declared = child.isRef() ? child.getRef().getTarget() : child;
                    if (declared != null) {
                        m.put(declared.getName(), child);
                    }
                }
            }
        }
        return m;
    }

    private static Shapes parts(Method method, List<MessagePartInfo> parts, boolean input, boolean bare, QName element,
                                Map<String, XmlSchemaElement> schema) {
        String problem = methodProblem(method);
        if (problem != null) {
            return Shapes.problem(problem);
        }
        if (!input && parts.size() > 1) {
            return Shapes.problem("out or in-out parameters (Holder)");
        }
        List<Part> shapeParts = new ArrayList<>();
        int[] index = new int[parts.size()];
        Class<?>[] types = new Class<?>[parts.size()];
        for (int i = 0; i < parts.size(); i++) {
            MessagePartInfo p = parts.get(i);
            int at = p.getIndex();
            Type type;
            Class<?> raw;
            if (input) {
                if (at < 0 || at >= method.getParameterCount()) {
                    return Shapes.problem("part " + p.getName() + " is not a parameter");
                }
                type = method.getGenericParameterTypes()[at];
                raw = method.getParameterTypes()[at];
            } else {
                type = method.getGenericReturnType();
                raw = method.getReturnType();
                if (raw == void.class) {
                    return Shapes.problem("part " + p.getName() + " of a void method");
                }
                at = 0;
            }
            // the schema's element says whether the part is qualified (CXF's part names always carry the
            // service namespace) and nillable
            XmlSchemaElement e = schema.get(p.getConcreteName().getLocalPart());
            if (e == null) {
                return Shapes.problem("no schema element for part " + p.getConcreteName());
            }
            QName n = e.isRef() ? e.getRef().getTargetQName() : e.getWireName();
            XmlSchemaElement declared = e.isRef() ? e.getRef().getTarget() : e;
            boolean nillable = declared != null && declared.isNillable();
            shapeParts.add(Part.of(n.getNamespaceURI(), n.getLocalPart(), type, nillable));
            index[i] = at;
            types[i] = raw;
        }
        Shapes s = new Shapes();
        if (bare) {
            Part only = shapeParts.get(0);
            s.shape = MessageShape.bare(element.getNamespaceURI(), element.getLocalPart(), only.type(), only.nillable());
        } else {
            s.shape = MessageShape.wrapped(element.getNamespaceURI(), element.getLocalPart(), shapeParts);
        }
        s.index = index;
        s.types = types;
        return s;
    }

    /** Why JAXB would bind this method's values by rules dsoap's plans do not follow, or {@code null}. */
    private static String methodProblem(Method method) {
        for (Annotation a : method.getAnnotations()) {
            if (jaxb(a)) {
                return "@" + a.annotationType().getSimpleName() + " on the method";
            }
            if (a instanceof WebResult r && r.header()) {
                return "the result is a SOAP header";
            }
        }
        Annotation[][] params = method.getParameterAnnotations();
        for (int i = 0; i < params.length; i++) {
            if (Holder.class.isAssignableFrom(method.getParameterTypes()[i])) {
                return "parameter " + i + " is a Holder";
            }
            for (Annotation a : params[i]) {
                if (jaxb(a)) {
                    return "@" + a.annotationType().getSimpleName() + " on parameter " + i;
                }
                if (a instanceof WebParam w && (w.header() || w.mode() != WebParam.Mode.IN)) {
                    return "parameter " + i + " is a header or not IN";
                }
            }
        }
        return null;
    }

    private static boolean jaxb(Annotation a) {
        return a.annotationType().getName().startsWith("jakarta.xml.bind.annotation.");
    }
}
