package dev.dsoap.bench.serialize;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;
import dev.dsoap.binding.WireConvention;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The benchmark operation's response plans: {@code echoResponse} in {@link #NS}, document/literal wrapped,
 * SOAP 1.1, one repeated {@code <return>} part holding the array.
 */
public final class BenchPlans {
    /** The operation namespace. */
    public static final String NS = "http://example.org/bench";
    /** The SOAP 1.1 envelope namespace. */
    public static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";

    private BenchPlans() {
    }

    /** The plan for a response carrying one array of {@code kind}. */
    public static MessagePlan plan(ValueKind kind) {
        return switch (kind) {
            case DOUBLE -> wrapped(primitiveArray(ScalarType.DOUBLE, double[].class));
            case INT -> wrapped(primitiveArray(ScalarType.INT, int[].class));
            case MIO -> wrapped(new ArrayNode("echoResponse/return[]", Accessor.part(0), null,
                    ArrayNode.Container.OBJECT_ARRAY, Mio[].class, mio()));
        };
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static MessagePlan wrapped(PlanNode part) {
        byte[] prolog = b("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + SOAP11
                + "\"><soapenv:Body>");
        StructNode root = new StructNode("echoResponse", o -> o, null, false, Object[].class,
                b("<ns:echoResponse xmlns:ns=\"" + NS + "\""), List.of(), b(">"), List.of(part),
                b("</ns:echoResponse>"));
        return new MessagePlan(prolog, root, b("</soapenv:Body></soapenv:Envelope>"),
                WireConvention.documentLiteralWrapped());
    }

    private static ArrayNode primitiveArray(ScalarType t, Class<?> javaType) {
        ScalarNode item = new ScalarNode("echoResponse/return[]", null, null, t, true, false, b("<return>"),
                b("</return>"), javaType.getComponentType(), null);
        return new ArrayNode("echoResponse/return[]", Accessor.part(0), null, ArrayNode.Container.PRIMITIVE_ARRAY,
                javaType, item);
    }

    private static StructNode mio() {
        ScalarNode a = new ScalarNode("echoResponse/return[]/a", new Accessor() {
            @Override
            public Object get(Object owner) {
                return ((Mio) owner).getA();
            }

            @Override
            public int getInt(Object owner) {
                return ((Mio) owner).getA();
            }
        }, null, ScalarType.INT, true, false, b("<a>"), b("</a>"), int.class, null);
        ScalarNode bb = new ScalarNode("echoResponse/return[]/b", new Accessor() {
            @Override
            public Object get(Object owner) {
                return ((Mio) owner).getB();
            }

            @Override
            public int getInt(Object owner) {
                return ((Mio) owner).getB();
            }
        }, null, ScalarType.INT, true, false, b("<b>"), b("</b>"), int.class, null);
        ScalarNode v = new ScalarNode("echoResponse/return[]/v", new Accessor() {
            @Override
            public Object get(Object owner) {
                return ((Mio) owner).getV();
            }

            @Override
            public double getDouble(Object owner) {
                return ((Mio) owner).getV();
            }
        }, null, ScalarType.DOUBLE, true, false, b("<v>"), b("</v>"), double.class, null);
        return new StructNode("echoResponse/return[]", null, null, false, Mio.class, b("<return"), List.of(),
                b(">"), List.of(a, bb, v), b("</return>"));
    }
}
