package dev.dsoap.axis2;

import dev.dsoap.host.Settings;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.OperationStats;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.parse.XmlCheck;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerPool;
import dev.dsoap.template.MemoryBudget;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.wsdl.WSDLConstants;

import javax.xml.namespace.QName;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * One engaged operation whose requests dsoap reads with differential deserialization and whose
 * responses it writes with differential serialization; subclasses know one family of Axis2 receivers
 * (POJO, ADB) and its conventions, and how that receiver reads and writes a message dsoap does not carry.
 * Either direction falls back on its own, so a request dsoap cannot read still gets a dsoap response and
 * vice versa.
 *
 * <p>Plans are compiled on the first message of each SOAP version, for the implementation class that
 * receives it. Thread-safe.
 */
abstract class CarriedOperation {
    static final PlanCompiler COMPILER = new PlanCompiler();

    final AxisService service;
    final AxisOperation operation;
    final Settings settings;
    final OperationStats stats;
    final boolean inOut;
    private final MemoryBudget budget;
    private volatile Bound bound;

    CarriedOperation(AxisService service, AxisOperation operation, Settings settings, MemoryBudget budget) {
        this.service = service;
        this.operation = operation;
        this.settings = settings;
        this.budget = budget;
        this.stats = DsoapModule.stats(service.getName(), operation.getName().getLocalPart());
        this.inOut = operation.getAxisSpecificMEPConstant() != WSDLConstants.MEP_CONSTANT_IN_ONLY;
    }

    /** Why the operation's style is not one dsoap carries, or {@code null}; fixed at engagement. */
    abstract String styleProblem();

    /**
     * Why dsoap does not carry this operation with the service's class, or {@code null}: problems only the
     * class shows, found on the first message and kept.
     */
    String classProblem() {
        return null;
    }

    /** The service method the original receiver would call. */
    abstract Method method(Class<?> implClass) throws AxisFault;

    /** Compiles the request plan into {@code s.reader} and the response plan into {@code s.writer}, or records why not. */
    abstract void compile(Sides s, SoapVersion version);

    /** The arguments as the original receiver reads them, from the envelope. */
    abstract Object[] originalArguments(MessageContext in, Sides s) throws AxisFault;

    /** Adjusts the arguments dsoap read to what the original receiver passes; returns why it cannot, or {@code null}. */
    String adjust(Object[] args, Sides s) {
        return null;
    }

    /** The response envelope as the original receiver makes it. */
    abstract SOAPEnvelope originalResponse(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault;

    /** The fault the original receiver raises when the service method throws. */
    abstract AxisFault fault(MessageContext in, Method method, InvocationTargetException e);

    /** The plans and streams for {@code implClass}; compiled once per class and SOAP version. */
    final Sides sides(Class<?> implClass, boolean soap11) throws AxisFault {
        Bound b = bound;
        if (b == null || b.implClass != implClass) {
            synchronized (this) {
                b = bound;
                if (b == null || b.implClass != implClass) {
                    b = new Bound(implClass, method(implClass));
                    bound = b;
                }
            }
        }
        int v = soap11 ? 0 : 1;
        Sides s = b.sides[v];
        if (s == null) {
            synchronized (this) {
                s = b.sides[v];
                if (s == null) {
                    s = new Sides(b.method);
                    compile(s, soap11 ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12);
                    b.sides[v] = s;
                    Bound fixed = b;
                    stats.templates(fixed::retainedBytes);
                }
            }
        }
        return s;
    }

    /** A deserializer for {@code plan}, counted in this operation's statistics. */
    final DifferentialDeserializer reader(MessagePlan plan) {
        return new DifferentialDeserializer(plan, settings.deserializer(), stats.reads(), budget);
    }

    /** A serializer pool for {@code plan}, counted in this operation's statistics. */
    final SerializerPool writer(MessagePlan plan) {
        return new SerializerPool(plan, settings.serializer(), stats.writes(), budget, settings.states());
    }

    /** Compiles the reader with {@code compile}, recording the reason when it has no plan. */
    final void readerOf(Sides s, java.util.function.Supplier<MessagePlan> compile) {
        try {
            s.reader = reader(compile.get());
        } catch (UnsupportedTypeException | IllegalArgumentException e) {
            s.readerProblem = e.getMessage();
        }
    }

    /** Compiles the writer with {@code compile}, recording the reason when it has no plan. */
    final void writerOf(Sides s, java.util.function.Supplier<MessagePlan> compile) {
        try {
            s.writer = writer(compile.get());
        } catch (UnsupportedTypeException | IllegalArgumentException e) {
            s.writerProblem = e.getMessage();
        }
    }

    // ------------------------------------------------------------------------------------------ messages

    /**
     * The arguments of the request in {@code in}: read by dsoap from the captured bytes, or as the original
     * receiver reads them when dsoap cannot.
     *
     * @throws AxisFault a sender fault when the bytes are malformed, over a limit or carry a DTD
     */
    final Object[] arguments(MessageContext in, Sides s, Capture.Raw raw) throws AxisFault {
        if (!settings.deserialize()) {
            stats.readFallback(Fallback.DISABLED, Settings.DESERIALIZE + " = false");
        } else if (s.reader == null) {
            stats.readFallback(Fallback.UNSUPPORTED_TYPE, s.readerProblem);
        } else {
            try {
                Object[] args = s.reader.deserialize(raw.bytes(), 0, raw.length());
                String problem = adjust(args, s);
                if (problem == null) {
                    return args;
                }
                stats.readFallback(Fallback.REQUEST_SHAPE, problem);
            } catch (XmlParseException e) {
                if (e.kind() == XmlParseException.Kind.UNSUPPORTED) {
                    stats.readFallback(Fallback.CHARSET, e.getMessage());
                } else {
                    throw reject(in, e);
                }
            } catch (MessageBindingException e) {
                stats.readFallback(Fallback.REQUEST_SHAPE, e.getMessage());
                guard(in, raw);
            }
        }
        return originalArguments(in, s);
    }

    /**
     * Checks a request about to be read by Axis2 against dsoap's limits (depth, sizes, no DTD), so that a
     * hostile message is refused on the fallback path too.
     *
     * @throws AxisFault a sender fault naming what and where
     */
    final void guard(MessageContext in, Capture.Raw raw) throws AxisFault {
        try {
            XmlCheck.check(raw.bytes(), 0, raw.length(), settings.deserializer().limits());
        } catch (XmlParseException e) {
            if (e.kind() != XmlParseException.Kind.UNSUPPORTED) {
                throw reject(in, e);
            }
        }
    }

    private AxisFault reject(MessageContext in, XmlParseException e) {
        stats.rejected();
        return new AxisFault("dsoap: " + e.getMessage(), in.isSOAP11()
                ? SOAP11Constants.QNAME_SENDER_FAULTCODE : SOAP12Constants.QNAME_SENDER_FAULTCODE);
    }

    /**
     * Puts the response for {@code result} into {@code out}: a dsoap {@link Reply} under an envelope whose
     * body element stands for it, or the original receiver's own envelope.
     *
     * @return the reply to close once the response is sent, or {@code null}
     */
    final Reply respond(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        if (!settings.serialize()) {
            stats.writeFallback(Fallback.DISABLED, Settings.SERIALIZE + " = false");
        } else if (s.writer == null) {
            stats.writeFallback(Fallback.UNSUPPORTED_TYPE, s.writerProblem);
        } else {
            DifferentialSerializer ds = s.writer.borrow();
            boolean kept = ds != null;
            if (!kept) {
                ds = s.writer.transientSerializer();
            }
            try {
                ds.serialize(new Object[] {result});
            } catch (RuntimeException e) {
                if (kept) {
                    s.writer.release(ds);
                }
                stats.writeFallback(Fallback.UNSUPPORTED_VALUE, e.getMessage());
                out.setEnvelope(originalResponse(in, out, s, result));
                return null;
            }
            Reply reply = new Reply(kept ? s.writer : null, ds, stats);
            SOAPFactory fac = RpcFaults.soapFactory(in);
            SOAPEnvelope env = fac.getDefaultEnvelope();
            env.getBody().addChild(fac.createOMElement(new ReplySource(reply), s.responseName));
            out.setEnvelope(env);
            out.setProperty(Reply.PROPERTY, reply);
            return reply;
        }
        out.setEnvelope(originalResponse(in, out, s, result));
        return null;
    }

    /** The compiled state for one implementation class. */
    private static final class Bound {
        final Class<?> implClass;
        final Method method;
        /** By SOAP version: 1.1, 1.2. */
        final Sides[] sides = new Sides[2];

        Bound(Class<?> implClass, Method method) {
            this.implClass = implClass;
            this.method = method;
        }

        long retainedBytes() {
            long n = 0;
            for (Sides s : sides) {
                if (s != null && s.writer != null) {
                    n += s.writer.retainedBytes();
                }
            }
            return n;
        }
    }

    /** Reader and writer for one method and SOAP version; either may be missing, with the reason. */
    static final class Sides {
        final Method method;
        DifferentialDeserializer reader;
        String readerProblem;
        SerializerPool writer;
        String writerProblem;
        /** The response's body element (name and prefix). */
        QName responseName;

        Sides(Method method) {
            this.method = method;
        }
    }
}
