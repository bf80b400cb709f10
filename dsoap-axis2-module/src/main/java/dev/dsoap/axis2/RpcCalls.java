package dev.dsoap.axis2;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.Reply;
import dev.dsoap.host.Settings;
import dev.dsoap.template.MemoryBudget;

import javax.xml.namespace.QName;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The calls of {@link DsoapRpcServiceClient}s on one engaged client operation: per call signature (operation,
 * argument classes, wanted return types, SOAP version) a carrier that writes the request in
 * {@code RPCServiceClient}'s positional spelling and reads the response of Axis2's POJO receivers. Which
 * element form the server uses for parts ({@code elementFormDefault}) shows only in its responses: a new
 * signature starts with the form last seen on this operation (at first unqualified, what a POJO service
 * deployed with Axis2's defaults answers) and switches to the other form when a response does not bind, so
 * a service of the other form costs one response read by Axis2.
 *
 * <p>Thread-safe.
 */
final class RpcCalls {
    /** Values {@code RPCServiceClient} writes as text ({@code SimpleTypeMapper}) that dsoap writes alike. */
    private static final Set<Class<?>> SIMPLE = Set.of(String.class, Boolean.class, Byte.class, Short.class,
            Integer.class, Long.class, Float.class, Double.class, BigDecimal.class, BigInteger.class);

    private final Settings settings;
    private final OperationStats stats;
    private final MemoryBudget budget;
    private final PlanCache plans;
    private final Map<Signature, Sides> calls = new ConcurrentHashMap<>();
    /** Whether the last responses seen had qualified parts. */
    private volatile boolean qualifiedParts;

    RpcCalls(Settings settings, OperationStats stats, MemoryBudget budget, PlanCache plans) {
        this.settings = settings;
        this.stats = stats;
        this.budget = budget;
        this.plans = plans;
    }

    /** Template bytes held for these calls. */
    long retainedBytes() {
        long n = 0;
        for (Sides s : calls.values()) {
            n += s.qualified.retainedBytes() + s.unqualified.retainedBytes();
        }
        return n;
    }

    /**
     * The request of a call, written, or {@code null} (counted) when Axis2 must write it.
     *
     * @param returnTypes what the caller wants back, or {@code null} when it takes the response element
     */
    Reply write(QName operation, Object[] args, Class<?>[] returnTypes, boolean soap11) {
        String problem = problem(args);
        if (problem != null) {
            stats.writeFallback(Fallback.UNSUPPORTED_TYPE, problem);
            return null;
        }
        return sides(operation, args, returnTypes, soap11).qualified.write(args, null, null);
    }

    /**
     * The values of the response {@code b[0..len)} to a call whose request {@link #write} saw, or {@code null}
     * (counted) when Axis2's {@code BeanUtil} must read it.
     *
     * @throws dev.dsoap.host.RejectedMessageException if the response is malformed or over a limit
     */
    Object[] read(QName operation, Object[] args, Class<?>[] returnTypes, boolean soap11, byte[] b, int len) {
        Sides s = sides(operation, args, returnTypes, soap11);
        boolean qualified = s.qualifiedParts;
        Object[] values = (qualified ? s.qualified : s.unqualified).read(b, len, null, null);
        if (values == null) {
            s.qualifiedParts = !qualified; // the server may use the other element form: try it next time
        } else if (qualifiedParts != qualified) {
            qualifiedParts = qualified;
        }
        return values;
    }

    Sides sides(QName operation, Object[] args, Class<?>[] returnTypes, boolean soap11) {
        Class<?>[] classes = new Class<?>[args.length];
        for (int i = 0; i < args.length; i++) {
            classes[i] = args[i] == null ? Object.class : args[i].getClass(); // such a request goes Axis2's way
        }
        Signature sig = new Signature(operation, List.of(classes), returnTypes == null ? null : List.of(returnTypes), soap11);
        Sides s = calls.get(sig);
        return s != null ? s : calls.computeIfAbsent(sig, this::compile);
    }

    private Sides compile(Signature sig) {
        SoapVersion version = sig.soap11 ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12;
        WireConvention request = RpcOperation.positional(RpcOperation.convention(true, "ns", version));
        return new Sides(carrier(sig, request, RpcOperation.convention(true, "ns", version)),
                carrier(sig, null, RpcOperation.convention(false, "ns", version)), qualifiedParts, settings.binary());
    }

    /**
     * A carrier writing {@code sig}'s requests by {@code request} ({@code null}: writing none) and reading its
     * responses by {@code response}.
     */
    private Carrier carrier(Signature sig, WireConvention request, WireConvention response) {
        String ns = sig.operation.getNamespaceURI();
        // responses are handed over only when their header blocks are WS-Addressing's, which the client's addressing
        // handlers read from the envelope (ClientOperation#read)
        Carrier.Builder b = Carrier.builder(settings, stats, budget, plans).headerBlocksHandledByHost();
        if (request != null) {
            b.writes(() -> requestShape(sig), request);
        } else {
            b.noWrites("reads responses of the other element form");
        }
        if (sig.returnTypes == null) {
            b.noReads("the caller takes the response element");
        } else if (sig.returnTypes.size() != 1) {
            b.noReads(sig.returnTypes.size() + " return types (an Axis2 POJO answers one value)");
        } else {
            Class<?> type = sig.returnTypes.get(0);
            String problem = RpcOperation.problemType(type);
            if (problem != null) {
                b.noReads("return type: " + problem);
            } else {
                Class<?>[] types = {type};
                b.reads(() -> MessageShape.wrapped(ns, sig.operation.getLocalPart() + "Response",
                        Part.of(null, "return", type, !type.isPrimitive())), response)
                        .readRule(values -> RpcOperation.adjust(values, types));
            }
        }
        return b.build();
    }

    /**
     * The request's shape, in {@code BeanUtil.getOMElement}'s names for {@code RPCServiceClient}: an object
     * array as repeated unqualified {@code itemN}, any other value as one unqualified {@code argN}.
     */
    private static MessageShape requestShape(Signature sig) {
        Part[] parts = new Part[sig.arguments.size()];
        for (int i = 0; i < parts.length; i++) {
            Class<?> c = sig.arguments.get(i);
            parts[i] = c.isArray() && !c.getComponentType().isPrimitive()
                    ? Part.of("", "item" + i, c, true) : Part.of("", "arg" + i, c, false);
        }
        return MessageShape.wrapped(sig.operation.getNamespaceURI(), sig.operation.getLocalPart(), parts);
    }

    /**
     * Why dsoap does not write these arguments as {@code RPCServiceClient} would, or {@code null}: values
     * it writes by rules of its own ({@code null}, which shifts its numbering; collections, enums by
     * {@code toString}, dates, XML, attachments, primitive arrays, objects of another class than their
     * array's items).
     */
    static String problem(Object[] args) {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a == null) {
                return "argument " + i + " is null";
            }
            Class<?> c = a.getClass();
            if (c.isArray() && !c.getComponentType().isPrimitive()) {
                Class<?> item = c.getComponentType();
                String p = valueProblem(item);
                if (p != null) {
                    return "argument " + i + ": items of " + p;
                }
                if (!Modifier.isFinal(item.getModifiers())) {
                    for (Object o : (Object[]) a) {
                        if (o != null && o.getClass() != item) {
                            return "argument " + i + " holds a " + o.getClass().getName() + " among " + item.getName() + " items";
                        }
                    }
                }
            } else if (c != byte[].class) {
                String p = valueProblem(c);
                if (p != null) {
                    return "argument " + i + ": " + p;
                }
            }
        }
        return null;
    }

    private static String valueProblem(Class<?> c) {
        if (SIMPLE.contains(c)) {
            return null;
        }
        String p = RpcOperation.problemType(c);
        if (p != null) {
            return p;
        }
        if (c.isArray() || c.isEnum() || c.isInterface() || Modifier.isAbstract(c.getModifiers())
                || c.getName().startsWith("java.") || c.getName().startsWith("javax.")) {
            return c.getName() + " is written by Axis2's own rules";
        }
        return null; // a bean
    }

    /** A call's signature. */
    private record Signature(QName operation, List<Class<?>> arguments, List<Class<?>> returnTypes, boolean soap11) {
        @Override
        public String toString() {
            return operation + Arrays.toString(arguments.toArray());
        }
    }

    /**
     * A signature's carriers: requests are written by the first; responses read by the one of the server's
     * element form.
     */
    static final class Sides {
        final Carrier qualified;
        final Carrier unqualified;
        /** Whether the server's responses have qualified parts, as last seen. */
        volatile boolean qualifiedParts;
        /** The binary negotiation of this call's requests and answers with the endpoint. */
        final dev.dsoap.negotiation.BinaryPeer peer;

        Sides(Carrier qualified, Carrier unqualified, boolean qualifiedParts, dev.dsoap.negotiation.BinaryMode mode) {
            this.qualified = qualified;
            this.unqualified = unqualified;
            this.qualifiedParts = qualifiedParts;
            this.peer = new dev.dsoap.negotiation.BinaryPeer(mode);
        }
    }
}
