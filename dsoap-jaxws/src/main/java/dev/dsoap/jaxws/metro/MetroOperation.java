package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.model.JavaMethod;
import com.sun.xml.ws.model.JavaMethodImpl;
import com.sun.xml.ws.model.ParameterImpl;
import com.sun.xml.ws.model.WrapperParameter;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.Settings;
import dev.dsoap.template.MemoryBudget;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.ws.Holder;

import javax.xml.namespace.QName;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * One operation of a carried Metro endpoint: its request and answer shapes, as Metro's model binds them
 * (document/literal wrapped: the wrapper elements and their child elements, named by {@code @WebParam} and
 * {@code @WebResult} or JAX-WS's defaults, and IN header parameters beside them; bare: the one body element of each,
 * the parameter and the return value), turned into the operation's {@link Carrier}, and where each part goes among
 * the Java method's arguments. Built on the operation's first request. Thread-safe.
 */
final class MetroOperation {
    final Method method;
    final boolean oneWay;
    final Carrier carrier;
    final OperationStats stats;
    /** The request's body element. */
    final QName requestElement;
    /** The answer's body element. */
    final QName responseElement;
    /** Per request part (plan order), the argument it is. */
    private final int[] argument;
    /**
     * Per request part, its Java type when primitive (absent, it is the type's zero, as JAXB leaves it) or an array (with
     * no items, an empty array: Metro binds a wrapper's repeated elements itself and never gives the service null for
     * them), else null.
     */
    private final Class<?>[] primitive;
    /** Per request part, whether it is an in-out parameter: its argument a {@code Holder} of the value. */
    private final boolean[] holder;
    /** Per answer part (plan order), the argument whose {@code Holder} holds it, or -1 for the return value. */
    private final int[] result;
    /** Per answer part, what a client's call gets when the answer has no element for it ({@link #noElement}). */
    private final Object[] absent;
    /** What a client's call returns when the answer holds no result: a primitive's zero, an empty array, or null. */
    private final Object absentReturn;
    /** The out parameters (in no request): each argument a new, empty {@code Holder}. */
    private final int[] outOnly;
    /** The request's header parameters ({@code @WebParam(header = true)}), read from Metro's header list. */
    final HeaderParts headers;
    /** Whether its messages may go binary with dsoap's peers: a binary frame carries no SOAP header parts. */
    final boolean binary;
    /** Coalescing of identical concurrent requests ({@code dsoap.coalesce}), or {@code null}. */
    final dev.dsoap.coalesce.Coalescer<dev.dsoap.coalesce.SharedResponse> coalescer;

    /** Quality management's endpoint side ({@code dsoap.quality}: the file's rules for this operation), or {@code null}. */
    final dev.dsoap.quality.QualityServer quality;

    /** Whether this is a client proxy's side: it writes the requests and reads the answers. */
    final boolean client;
    /** Why dsoap does not carry the operation's messages, or {@code null} when it does. */
    final String problem;
    /** Whether the outgoing message (a client's request, an endpoint's answer) is a bare array's ({@link #unwritable}). */
    private final boolean nilOut;

    /**
     * @param quality the endpoint's quality setting, service name and own attributes, or {@code null}
     * @param client  whether this is a client proxy's side (it writes the requests and reads the answers)
     */
    MetroOperation(JavaMethod m, SoapVersion version, Settings settings, OperationStats stats, MemoryBudget budget,
                   PlanCache plans, Quality quality, boolean client) {
        this.client = client;
        this.method = m.getMethod();
        this.oneWay = m.getMEP().isOneWay();
        this.stats = stats;
        this.requestElement = m instanceof JavaMethodImpl jm ? jm.getRequestPayloadName() : null;
        this.responseElement = m instanceof JavaMethodImpl jm ? jm.getResponsePayloadName() : null;
        WireConvention conv = convention(version);
        Carrier.Builder b = Carrier.builder(settings, stats, budget, plans);
        List<Integer> args = new ArrayList<>();
        List<Class<?>> prims = new ArrayList<>();
        List<ParameterImpl> headerParts = new ArrayList<>();
        List<Boolean> holders = new ArrayList<>();
        List<Integer> results = new ArrayList<>();
        List<Integer> outs = new ArrayList<>();
        String problem = null;
        String outHeader = null;
        List<Integer> outHeaderHolders = new ArrayList<>();
        MessageShape request = null;
        MessageShape response = null;
        if (!(m instanceof JavaMethodImpl jm) || m.getBinding() == null
                || m.getBinding().getStyle() != jakarta.jws.soap.SOAPBinding.Style.DOCUMENT) {
            problem = "not a document/literal operation";
        } else {
            List<ParameterImpl> body = new ArrayList<>();
            for (ParameterImpl p : jm.getRequestParameters()) {
                if (!p.getBinding().isHeader()) {
                    body.add(p);
                } else if (!(p.getTypeInfo().type instanceof Class<?> c && c.isArray()) && annotated(p) == null) {
                    headerParts.add(p); // read from Metro's header list (HeaderParts), an in-out one into a Holder
                } else if (problem == null) {
                    problem = "header parameter " + p.getName().getLocalPart() + " (an array or adapted: not carried on"
                            + " Metro yet)";
                }
            }
            List<ParameterImpl> answerBody = new ArrayList<>();
            for (ParameterImpl p : jm.getResponseParameters()) {
                if (!p.getBinding().isHeader()) {
                    answerBody.add(p);
                } else {
                    // the answer carries a header parameter (an out or in-out Holder's, or the result): Metro's databinding
                    // writes that answer (a client's proxy has Metro read it), the request stays dsoap's
                    outHeader = outHeader != null ? outHeader : p.getName().getLocalPart();
                    if (p.isOUT() && !p.isReturnValue()) {
                        outHeaderHolders.add(p.getIndex()); // an empty Holder among the arguments, as Metro gives it
                    }
                }
            }
            WrapperParameter in = wrapper(body);
            if (problem != null) {
                // a header parameter dsoap does not read: the operation goes Metro's way
            } else if (in == null) {
                // bare: the body element is the one body parameter itself (header ones are read from Metro's header
                // list, as for wrapped operations), and the answer's the return value
                ParameterImpl p = bodyPart(body);
                if (p == null || !p.isIN()) {
                    problem = "a bare operation whose body is not one IN parameter (not carried on Metro yet)";
                } else if ((problem = bareProblem(p)) == null) {
                    // a bare null is an element with xsi:nil (Metro's JAXB writes one, and reads it as null)
                    Part part = part(p);
                    request = MessageShape.bareBody(part.namespace(), part.name(), part.type(), true);
                    args.add(p.getIndex());
                    holders.add(false);
                    // a bare array's body element with no items is an empty array (a null one is nil: Metro's to read)
                    prims.add(p.getTypeInfo().type instanceof Class<?> c && (c.isPrimitive() || request.bareArray()) ? c : null);
                    if (!oneWay) {
                        ParameterImpl r = bodyPart(answerBody);
                        if (r == null || !r.isReturnValue()) {
                            problem = "a bare operation whose answer is not its return value (not carried on Metro yet)";
                        } else if ((problem = bareProblem(r)) == null) {
                            Part result = part(r);
                            response = MessageShape.bareBody(result.namespace(), result.name(), result.type(), true);
                            results.add(-1);
                        }
                    }
                }
            } else {
                List<Part> parts = new ArrayList<>();
                for (ParameterImpl p : in.getWrapperChildren()) { // body parameters: Metro models header ones apart
                    if ((problem = annotated(p)) != null) {
                        break;
                    }
                    parts.add(part(p));
                    args.add(p.getIndex());
                    holders.add(p.isINOUT());
                    Type t = p.getTypeInfo().type;
                    prims.add(!p.isINOUT() && t instanceof Class<?> c && (c.isPrimitive() || c.isArray()) ? c : null);
                }
                if (problem == null) {
                    QName w = jm.getRequestPayloadName();
                    request = MessageShape.wrapped(w.getNamespaceURI(), w.getLocalPart(), parts);
                    if (!oneWay) {
                        WrapperParameter out = wrapper(answerBody);
                        List<Part> answer = new ArrayList<>();
                        for (ParameterImpl p : out == null ? List.<ParameterImpl>of() : out.getWrapperChildren()) {
                            if ((problem = annotated(p)) != null) {
                                break;
                            }
                            answer.add(part(p));
                            // the return value, or an out or in-out parameter's Holder, by the argument it is
                            results.add(p.isReturnValue() ? -1 : p.getIndex());
                            if (p.isOUT() && !p.isReturnValue()) {
                                outs.add(p.getIndex());
                            }
                        }
                        if (out == null || responseElement == null) {
                            problem = "no answer wrapper";
                        }
                        if (problem == null) {
                            response = MessageShape.wrapped(responseElement.getNamespaceURI(), responseElement.getLocalPart(), answer);
                        }
                    }
                }
            }
        }
        if (problem != null) {
            b.noReads(problem).noWrites(problem);
        } else if (client) {
            // a client writes the requests and reads the answers, past the header blocks Metro's tubes handle
            MessageShape req = request;
            b.headerBlocksHandledByHost();
            if (oneWay) {
                b.noReads("one-way operation");
            } else if (outHeader != null) {
                b.noReads("header parameter " + outHeader + " in the answer: Metro reads it");
            } else {
                MessageShape res = response;
                b.reads(() -> res, conv);
            }
            b.writes(() -> req, conv);
        } else {
            MessageShape req = request;
            // header blocks are Metro's: its codec reads them into the message's header list for its tubes (WS-Addressing,
            // the mustUnderstand check), and dsoap's reading passes over them to the body
            b.headerBlocksHandledByHost();
            b.reads(() -> req, conv);
            if (oneWay) {
                b.noWrites("one-way operation");
            } else if (outHeader != null) {
                b.noWrites("header parameter " + outHeader + " in the answer: Metro writes it");
            } else {
                MessageShape res = response;
                b.writes(() -> res, conv);
            }
        }
        this.carrier = b.build();
        MessageShape out = client ? request : response;
        this.nilOut = out != null && out.bareArray();
        stats.templates(carrier::retainedBytes); // the templates' bytes in the operation's retained bytes, as on CXF
        this.headers = new HeaderParts(problem == null ? headerParts : List.of());
        this.binary = !client && problem == null && headerParts.isEmpty() && outHeader == null;
        this.problem = problem;
        this.argument = args.stream().mapToInt(Integer::intValue).toArray();
        this.holder = new boolean[holders.size()];
        for (int i = 0; i < holder.length; i++) {
            holder[i] = holders.get(i);
        }
        this.result = results.stream().mapToInt(Integer::intValue).toArray();
        this.absent = new Object[result.length];
        for (int i = 0; i < result.length; i++) {
            Type t = result[i] < 0 ? method.getGenericReturnType() : method.getGenericParameterTypes()[result[i]];
            absent[i] = noElement(t instanceof java.lang.reflect.ParameterizedType pt && pt.getRawType() == Holder.class
                    ? pt.getActualTypeArguments()[0] : t, false);
        }
        this.absentReturn = noElement(method.getReturnType(), true);
        outs.addAll(outHeaderHolders);
        this.outOnly = outs.stream().mapToInt(Integer::intValue).toArray();
        this.primitive = prims.toArray(new Class<?>[0]);
        this.quality = client || quality == null || problem != null || oneWay || response == null ? null
                : quality.setting.server(quality.service, m.getOperationName(), response, null, budget, quality.attributes);
        if (this.quality != null) {
            stats.quality(this.quality);
            MessageShape shape = response;
            dev.dsoap.quality.QualityServer server = this.quality;
            String op = m.getOperationName();
            stats.qualityReload(() -> quality.setting.reload(server, quality.service, op, shape, null));
        }
        dev.dsoap.coalesce.CoalescerSettings coalescing = settings.coalescing(m.getOperationName());
        this.coalescer = client || oneWay || !coalescing.enabled() ? null
                : new dev.dsoap.coalesce.Coalescer<>(coalescing, dev.dsoap.coalesce.SharedResponse::bytes, budget);
        if (coalescer != null) {
            stats.coalescing(coalescer);
        }
    }

    /** An endpoint's quality management: its setting ({@code dsoap.quality}), its service's name, its own attributes. */
    record Quality(dev.dsoap.host.QualitySetting setting, String service, dev.dsoap.quality.QualityAttributes attributes) {
    }

    /** The one body parameter of a bare message, or {@code null} when it has none, several, or header parts. */
    private static ParameterImpl bodyPart(List<ParameterImpl> ps) {
        return ps.size() == 1 && !(ps.get(0) instanceof WrapperParameter) && !ps.get(0).getBinding().isHeader()
                ? ps.get(0) : null;
    }

    /** Why a bare body parameter is not carried, or {@code null}. */
    private static String bareProblem(ParameterImpl p) {
        return annotated(p);
    }

    /**
     * Why dsoap does not write an outgoing message of {@code parts} (plan order: a client's request, an endpoint's
     * answer), or {@code null}: a null bare array, whose element Metro writes with {@code xsi:nil}.
     */
    String unwritable(Object[] parts) {
        return nilOut && parts.length == 1 && parts[0] == null
                ? "a null bare array (its body element with xsi:nil: Metro's to write)" : null;
    }

    /** The request's wrapper parameter, or {@code null} when the operation is not wrapped. */
    private static WrapperParameter wrapper(List<ParameterImpl> ps) {
        return ps.size() == 1 && ps.get(0) instanceof WrapperParameter w && w.isWrapperStyle() ? w : null;
    }

    /**
     * Why a part's JAXB annotations change its spelling in ways the plan does not follow ({@code @XmlList},
     * {@code @XmlJavaTypeAdapter}, attachments, ...), or {@code null} when it has none but {@code @XmlElement} (and
     * JAX-WS's own, {@code @WebParam} and {@code @WebResult}).
     */
    private static String annotated(ParameterImpl p) {
        for (java.lang.annotation.Annotation a : p.getTypeInfo().annotations) {
            if (!(a instanceof XmlElement) && !a.annotationType().getName().startsWith("jakarta.jws.")) {
                return "@" + a.annotationType().getSimpleName() + " on " + p.getName().getLocalPart()
                        + " (not carried on Metro yet)";
            }
        }
        return null;
    }

    private static Part part(ParameterImpl p) {
        QName n = p.getName();
        XmlElement e = p.getTypeInfo().get(XmlElement.class);
        return Part.of(n.getNamespaceURI(), n.getLocalPart(), p.getTypeInfo().type, e != null && e.nillable());
    }

    /** How Metro's JAXB spells these messages: dsoap reads any spelling, and writes answers as Metro would. */
    static WireConvention convention(SoapVersion version) {
        return WireConvention.jaxws("metro-jaxb" + (version == SoapVersion.SOAP_12 ? "-soap12" : ""), version, "S");
    }

    /** The method's arguments from the request's values (plan order). */
    Object[] arguments(Object[] values) {
        Object[] a = new Object[method.getParameterCount()];
        for (int i = 0; i < argument.length; i++) {
            Object v = values[i];
            Class<?> c = primitive[i];
            if (v == null && c != null) {
                v = c.isArray() ? java.lang.reflect.Array.newInstance(c.getComponentType(), 0)
                        : java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(c, 1), 0);
            }
            a[argument[i]] = holder[i] ? new Holder<>(v) : v;
        }
        for (int out : outOnly) {
            a[out] = new Holder<>();
        }
        return a;
    }

    /** A client's request parts (plan order) from the call's arguments: an in-out parameter's Holder gives its value. */
    Object[] request(Object[] args) {
        Object[] parts = new Object[argument.length];
        for (int i = 0; i < parts.length; i++) {
            Object a = args == null ? null : args[argument[i]];
            parts[i] = holder[i] && a instanceof Holder<?> h ? h.value : a;
        }
        return parts;
    }

    /**
     * A client's answer (its parts in plan order): out and in-out parameters' values put into their Holders among
     * {@code args}, and the method's result returned (a missing primitive as its zero).
     */
    @SuppressWarnings("unchecked")
    Object returned(Object[] values, Object[] args) {
        Object returned = null;
        for (int i = 0; i < result.length; i++) {
            int at = result[i];
            Object v = values[i] != null ? values[i] : absent[i];
            if (at < 0) {
                returned = v;
            } else if (args != null && args[at] instanceof Holder<?> h) {
                ((Holder<Object>) h).value = v;
            }
        }
        return returned != null ? returned : absentReturn;
    }

    /**
     * What Metro's databinding gives for an answer part of {@code type} with no element: an empty array for an array
     * (not {@code byte[]}, which is base64 text), else {@code null}; with {@code zero}, a primitive's zero. dsoap reads
     * no array as null (a bare array's null, its element with {@code xsi:nil}, is Metro's to read). Shared: an empty
     * array and a boxed zero cannot be changed.
     */
    private static Object noElement(Type type, boolean zero) {
        if (type instanceof Class<?> c && c.isArray() && c != byte[].class) {
            return java.lang.reflect.Array.newInstance(c.getComponentType(), 0);
        }
        return zero && type instanceof Class<?> c && c.isPrimitive() && c != void.class
                ? java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(c, 1), 0) : null;
    }

    /**
     * The answer's parts (plan order): the method's result and the values its out and in-out parameters' Holders hold
     * after the call ({@code args} the call's arguments; {@code null} when there was no call).
     */
    Object[] answer(Object returned, Object[] args) {
        Object[] parts = new Object[result.length];
        for (int i = 0; i < parts.length; i++) {
            int at = result[i];
            parts[i] = at < 0 ? returned : args == null || !(args[at] instanceof Holder<?> h) ? null : h.value;
        }
        return parts;
    }
}
