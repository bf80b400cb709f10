package dev.dsoap.jaxws;

import dev.dsoap.coalesce.Coalescer;
import dev.dsoap.coalesce.SharedResponse;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.Settings;
import dev.dsoap.template.MemoryBudget;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapters;
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
import java.lang.reflect.ParameterizedType;
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
    /** The service model's mark of a SOAP header part ({@code ReflectionServiceFactoryBean.HEADER}). */
    private static final String HEADER = "messagepart.isheader";
    /** The service model's operation property holding the interface's method ({@code ReflectionServiceFactoryBean.METHOD}). */
    private static final String METHOD = "operation.method";

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
    /** The incoming messages' SOAP header parts, read from their blocks; empty when they declare none. */
    final HeaderPart[] readHeaders;
    /** Element namespaces of {@link #readHeaders}, in order. */
    final String[] headerNamespaces;
    /** Element local names of {@link #readHeaders}, in order. */
    final String[] headerNames;
    /** Whether messages of this operation may go binary (a binary frame carries no SOAP header parts). */
    final boolean binary;
    /** A client's binary negotiation with the endpoint. */
    final dev.dsoap.negotiation.BinaryPeer peer;
    /** An endpoint's quality management of its answers, or {@code null}. */
    final dev.dsoap.quality.QualityServer qualityServer;
    /** A client's quality management of its requests, or {@code null}. */
    final dev.dsoap.quality.QualityClient qualityClient;
    /** An endpoint's coalescing of identical concurrent requests ({@code dsoap.coalesce}), or {@code null}. */
    final Coalescer<SharedResponse> coalescer;
    /** Per outgoing part (plan order), the adapter JAXB would call, or {@code null}; {@code null} when none has one. */
    private final Adapter[] writeAdapters;
    /**
     * Whether the messages read are a bare array's (its items in the body element): one with no items is an empty
     * array, as JAXB reads it (a null one, the element with xsi:nil, is CXF's to read).
     */
    final boolean readsBareArray;
    /** Whether the messages written are a bare array's: a null one is CXF's to write ({@link #marshal}). */
    private final boolean writesBareArray;

    /**
     * @param bop      the operation as the exchange names it (wrapped or unwrapped)
     * @param client   whether this is a client's view (requests written, responses read)
     * @param plans    the endpoint's plan cache
     */
    Operation(BindingOperationInfo bop, MethodDispatcher dispatcher, SoapVersion version, boolean client,
              Settings settings, OperationStats stats, MemoryBudget budget, PlanCache plans, EndpointState st) {
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
        HeaderPart[] headers = new HeaderPart[0];
        if (in == null) {
            b.noReads("one-way operation");
        } else if (in.problem != null) {
            b.noReads(in.problem);
        } else {
            try {
                headers = headerParts(in.headers, conv, plans, settings);
                // ReadIn reads the declared header parts and hands any other block to CXF's header list
                b.headerBlocksHandledByHost();
                b.reads(() -> in.shape, conv);
                Adapter[] adapters = in.adapters;
                if (adapters != null) {
                    b.readRule(values -> unmarshal(adapters, values));
                }
            } catch (UnsupportedTypeException | IllegalArgumentException e) {
                b.noReads(e.getMessage());
            }
        }
        if (out == null) {
            b.noWrites("one-way operation");
        } else if (out.problem != null) {
            b.noWrites(out.problem);
        } else if (!out.headers.isEmpty()) {
            b.noWrites("SOAP header parts in outgoing messages: " + out.headers.get(0).name());
        } else {
            b.writes(() -> out.shape, conv);
            if (!client) {
                b.sharing(name.getLocalPart());
            }
        }
        this.carrier = b.build();
        boolean reads = in != null && in.problem == null;
        this.readIndex = reads ? in.index : new int[0];
        this.readTypes = reads ? in.types : new Class<?>[0];
        this.readHeaders = headers;
        this.headerNamespaces = new String[headers.length];
        this.headerNames = new String[headers.length];
        for (int i = 0; i < headers.length; i++) {
            headerNamespaces[i] = headers[i].namespace;
            headerNames[i] = headers[i].localName;
        }
        boolean writes = out != null && out.problem == null;
        this.writeIndex = writes ? out.index : new int[0];
        this.writeAdapters = writes ? out.adapters : null;
        this.readsBareArray = reads && in.shape.bareArray();
        this.writesBareArray = writes && out.shape.bareArray();
        this.binary = headers.length == 0;
        this.peer = new dev.dsoap.negotiation.BinaryPeer(settings.binary());
        String op = name.getLocalPart();
        if (!writes) {
            this.qualityServer = null;
            this.qualityClient = null;
        } else if (client) {
            this.qualityServer = null;
            this.qualityClient = st.quality.client(st.serviceName, op, out.shape, st.qualityHandlers, st.qualityAttributes);
        } else {
            this.qualityServer = st.quality.server(st.serviceName, op, out.shape, st.qualityHandlers, budget,
                    st.qualityAttributes);
            this.qualityClient = null;
        }
        if (qualityServer != null) {
            stats.quality(qualityServer);
            MessageShape shape = out.shape;
            dev.dsoap.quality.QualityServer server = qualityServer;
            stats.qualityReload(() -> st.quality.reload(server, st.serviceName, op, shape, st.qualityHandlers));
        }
        if (qualityClient != null) {
            stats.quality(qualityClient);
        }
        dev.dsoap.coalesce.CoalescerSettings coalescing = settings.coalescing(op);
        this.coalescer = client || oneWay || !coalescing.enabled() ? null
                : new Coalescer<>(coalescing, SharedResponse::bytes, budget);
        if (coalescer != null) {
            stats.coalescing(coalescer);
        }
        stats.templates(carrier::retainedBytes);
    }

    /** Readers of the incoming header parts. */
    private static HeaderPart[] headerParts(List<HeaderSpec> specs, WireConvention conv, PlanCache plans, Settings settings) {
        HeaderPart[] parts = new HeaderPart[specs.size()];
        for (int i = 0; i < parts.length; i++) {
            HeaderSpec h = specs.get(i);
            MessagePlan plan = plans.get(MessageShape.bare(h.name().getNamespaceURI(), h.name().getLocalPart(), h.type(),
                    h.nillable()), conv);
            parts[i] = new HeaderPart(h.name().getNamespaceURI(), h.name().getLocalPart(), h.index(), h.raw(), plan,
                    settings.deserializer().limits());
        }
        return parts;
    }

    /**
     * What CXF's JAXB data binding writes: {@code soap} envelope prefix, no XML declaration, the wrapper in
     * prefix {@code ns2}, parts and bean fields as the annotations (and the service model) qualify them, null
     * properties left out unless nillable, no {@code xsi:type}; a repeated element that does not occur reads as
     * {@code null}, as JAXB leaves it.
     */
    static WireConvention convention(SoapVersion version) {
        return WireConvention.jaxws("cxf-jaxb" + (version == SoapVersion.SOAP_12 ? "-soap12" : ""), version, "soap");
    }


    /**
     * Applies the incoming parts' adapters to {@code values} (plan order) in place; returns why the message must go
     * CXF's way (an adapter threw: JAXB reports that its own way), or {@code null}.
     */
    private static String unmarshal(Adapter[] adapters, Object[] values) {
        for (int i = 0; i < adapters.length; i++) {
            if (adapters[i] != null) {
                try {
                    values[i] = adapters[i].unmarshal(values[i]);
                } catch (Exception e) {
                    return adapters[i] + ".unmarshal threw " + e;
                }
            }
        }
        return null;
    }

    /**
     * Applies the outgoing parts' adapters to {@code parts} (plan order) in place; returns why the message must go
     * CXF's way (an adapter threw, or the message is a null bare array), or {@code null}.
     */
    String marshal(Object[] parts) {
        if (writesBareArray && parts.length == 1 && parts[0] == null) {
            return "a null bare array (its body element with xsi:nil: CXF's to write)";
        }
        if (writeAdapters == null) {
            return null;
        }
        for (int i = 0; i < writeAdapters.length; i++) {
            if (writeAdapters[i] != null) {
                try {
                    parts[i] = writeAdapters[i].marshal(parts[i]);
                } catch (Exception e) {
                    return writeAdapters[i] + ".marshal threw " + e;
                }
            }
        }
        return null;
    }

    /** One direction's body and header parts, and where they sit in the content list, or why dsoap cannot carry them. */
    private static final class Shapes {
        MessageShape shape;
        int[] index;
        Class<?>[] types;
        /** Per body part, its adapter or {@code null}; {@code null} when no part has one. */
        Adapter[] adapters;
        final List<HeaderSpec> headers = new ArrayList<>();
        String problem;

        static Shapes problem(String why) {
            Shapes s = new Shapes();
            s.problem = why;
            return s;
        }
    }

    /** A header part as the service model declares it. */
    private record HeaderSpec(QName name, Type type, Class<?> raw, boolean nillable, int index) {
    }

    private static boolean header(MessagePartInfo p) {
        return Boolean.TRUE.equals(p.getProperty(HEADER));
    }

    private static Shapes shapes(BindingOperationInfo wrapped, MethodDispatcher dispatcher, boolean input) {
        if (wrapped.getOperationInfo().isUnwrappedCapable()) {
            BindingOperationInfo unwrapped = wrapped.getUnwrappedOperation();
            Method method = method(unwrapped, dispatcher);
            MessageInfo outer = input ? wrapped.getOperationInfo().getInput() : wrapped.getOperationInfo().getOutput();
            MessageInfo inner = input ? unwrapped.getOperationInfo().getInput() : unwrapped.getOperationInfo().getOutput();
            List<MessagePartInfo> body = outer == null ? List.of() : bodyParts(outer.getMessageParts());
            if (method == null || inner == null || body.size() != 1) {
                return Shapes.problem("no service method or wrapper element");
            }
            MessagePartInfo wrapper = body.get(0);
            return parts(method, inner.getMessageParts(), input, false, wrapper.getConcreteName(), children(wrapper));
        }
        Method method = method(wrapped, dispatcher);
        MessageInfo msg = input ? wrapped.getOperationInfo().getInput() : wrapped.getOperationInfo().getOutput();
        if (method == null || msg == null) {
            return Shapes.problem("no service method");
        }
        List<MessagePartInfo> body = bodyParts(msg.getMessageParts());
        if (body.size() != 1 || !body.get(0).isElement()) {
            return Shapes.problem("bare message with " + body.size() + " body parts");
        }
        MessagePartInfo part = body.get(0);
        return parts(method, msg.getMessageParts(), input, true, part.getConcreteName(),
                part.getXmlSchema() instanceof XmlSchemaElement e ? Map.of(part.getConcreteName().getLocalPart(), e) : Map.of());
    }

    /**
     * The service method of {@code bop} as the service model has it: the interface's method, whose annotations (on
     * its parameters too) CXF binds by, and whose package's adapters CXF copies onto its wrapper classes.
     */
    private static Method method(BindingOperationInfo bop, MethodDispatcher dispatcher) {
        Method invoked = dispatcher == null ? null : dispatcher.getMethod(bop);
        if (invoked == null) {
            return null;
        }
        return bop.getOperationInfo().getProperty(METHOD) instanceof Method m ? m : invoked;
    }

    private static List<MessagePartInfo> bodyParts(List<MessagePartInfo> parts) {
        List<MessagePartInfo> body = new ArrayList<>();
        for (MessagePartInfo p : parts) {
            if (!header(p)) {
                body.add(p);
            }
        }
        return body;
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

    /**
     * @param parts the message's parts (the unwrapped operation's, when wrapped): body parts, then or among them
     *              header parts
     */
    private static Shapes parts(Method method, List<MessagePartInfo> parts, boolean input, boolean bare, QName element,
                                Map<String, XmlSchemaElement> schema) {
        String problem = methodProblem(method);
        if (problem != null) {
            return Shapes.problem(problem);
        }
        Shapes s = new Shapes();
        List<Part> shapeParts = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        List<Class<?>> types = new ArrayList<>();
        List<Adapter> adapters = new ArrayList<>();
        for (MessagePartInfo p : parts) {
            int at = p.getIndex();
            Slot slot = slot(method, at, input);
            if (slot.problem != null) {
                return Shapes.problem("part " + p.getName().getLocalPart() + ": " + slot.problem);
            }
            Adapter adapter = null;
            for (Annotation a : slot.annotations) {
                if (a instanceof XmlJavaTypeAdapter x) {
                    try {
                        adapter = Adapter.of(x);
                    } catch (IllegalArgumentException e) {
                        return Shapes.problem("part " + p.getName().getLocalPart() + ": " + e.getMessage());
                    }
                } else if (jaxb(a)) {
                    return Shapes.problem("@" + a.annotationType().getSimpleName() + " on part " + p.getName().getLocalPart());
                }
            }
            if (adapter == null) {
                try {
                    adapter = packageAdapter(method, slot.raw);
                } catch (IllegalArgumentException e) {
                    return Shapes.problem("part " + p.getName().getLocalPart() + ": " + e.getMessage());
                }
            }
            if (header(p)) {
                if (adapter != null) {
                    return Shapes.problem("header part " + p.getConcreteName() + " has an XmlAdapter");
                }
                XmlSchemaElement e = p.getXmlSchema() instanceof XmlSchemaElement x ? x : null;
                s.headers.add(new HeaderSpec(p.getConcreteName(), slot.type, slot.raw, e != null && e.isNillable(), at));
                continue;
            }
            if (adapter != null && bare) {
                return Shapes.problem("bare part " + p.getConcreteName() + " has an XmlAdapter");
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
            Type type = adapter != null ? adapter.valueType : slot.type;
            shapeParts.add(Part.of(n.getNamespaceURI(), n.getLocalPart(), type, nillable));
            index.add(at);
            types.add(slot.raw);
            adapters.add(adapter);
        }
        if (bare && shapeParts.isEmpty()) {
            return Shapes.problem("no body part"); // a wrapped operation without parts still has its wrapper
        }
        if (bare) {
            Part only = shapeParts.get(0);
            // an array's items inside the body element, as JAXB spells it (a null array, xsi:nil, is CXF's)
            s.shape = MessageShape.bareBody(element.getNamespaceURI(), element.getLocalPart(), only.type(), only.nillable());
        } else {
            s.shape = MessageShape.wrapped(element.getNamespaceURI(), element.getLocalPart(), shapeParts);
        }
        s.index = index.stream().mapToInt(Integer::intValue).toArray();
        s.types = types.toArray(new Class<?>[0]);
        s.adapters = adapters.stream().allMatch(a -> a == null) ? null : adapters.toArray(new Adapter[0]);
        return s;
    }

    /** Where a part's value comes from: a parameter (a Holder's value), or the return value. */
    private record Slot(Type type, Class<?> raw, Annotation[] annotations, String problem) {
        static Slot problem(String why) {
            return new Slot(null, null, null, why);
        }
    }

    /**
     * The Java side of the part at content-list index {@code at}: in a request the parameter {@code at}, in a
     * response the return value ({@code at} 0) or the Holder parameter {@code at - 1}, as CXF numbers them.
     */
    private static Slot slot(Method method, int at, boolean input) {
        int param = input ? at : at - 1;
        if (!input && at == 0) {
            if (method.getReturnType() == void.class) {
                return Slot.problem("a void method's result");
            }
            return new Slot(method.getGenericReturnType(), method.getReturnType(), method.getAnnotations(), null);
        }
        if (param < 0 || param >= method.getParameterCount()) {
            return Slot.problem("no parameter " + param);
        }
        Type type = method.getGenericParameterTypes()[param];
        Class<?> raw = method.getParameterTypes()[param];
        if (raw == Holder.class) {
            if (!(type instanceof ParameterizedType p)) {
                return Slot.problem("a raw Holder");
            }
            type = p.getActualTypeArguments()[0];
            raw = type instanceof Class<?> c ? c : type instanceof ParameterizedType q ? (Class<?>) q.getRawType() : null;
            if (raw == null) {
                return Slot.problem("a Holder of " + type);
            }
        } else if (!input) {
            return Slot.problem("parameter " + param + " is an output but not a Holder");
        }
        return new Slot(type, raw, method.getParameterAnnotations()[param], null);
    }

    /**
     * The adapter for {@code type} in the service interface's package ({@code @XmlJavaTypeAdapter(type = ...)} in its
     * {@code package-info}), which CXF copies onto its generated wrapper classes; or {@code null}.
     */
    private static Adapter packageAdapter(Method method, Class<?> type) {
        Package p = method.getDeclaringClass().getPackage();
        if (p == null) {
            return null;
        }
        List<XmlJavaTypeAdapter> all = new ArrayList<>();
        XmlJavaTypeAdapter one = p.getAnnotation(XmlJavaTypeAdapter.class);
        if (one != null) {
            all.add(one);
        }
        XmlJavaTypeAdapters many = p.getAnnotation(XmlJavaTypeAdapters.class);
        if (many != null) {
            all.addAll(List.of(many.value()));
        }
        for (XmlJavaTypeAdapter a : all) {
            if (a.type() == type) {
                return Adapter.of(a);
            }
        }
        return null;
    }

    /** Why JAXB would bind this method's values by rules dsoap's plans do not follow, or {@code null}. */
    private static String methodProblem(Method method) {
        for (Annotation a : method.getAnnotations()) {
            if (jaxb(a) && !(a instanceof XmlJavaTypeAdapter)) {
                return "@" + a.annotationType().getSimpleName() + " on the method";
            }
        }
        return null;
    }

    private static boolean jaxb(Annotation a) {
        return a.annotationType().getName().startsWith("jakarta.xml.bind.annotation.");
    }
}
