package dev.dsoap.serialize;

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

/** Hand-built plans for the serializer's own tests (independent of the plan compiler). */
final class Plans {
    static final String NS = "urn:test";

    private Plans() {
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static MessagePlan wrapped(String op, PlanNode... parts) {
        byte[] prolog = b("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><soapenv:Body>");
        StructNode root = new StructNode(op, (Accessor) o -> o, null, false,
                Object[].class, b("<ns:" + op + " xmlns:ns=\"" + NS + "\""), List.of(), b(">"), List.of(parts),
                b("</ns:" + op + ">"));
        return new MessagePlan(prolog, root, b("</soapenv:Body></soapenv:Envelope>"), WireConvention.documentLiteralWrapped());
    }

    static ScalarNode leaf(String name, ScalarType type, boolean primitive, boolean nillable, Accessor a) {
        return new ScalarNode(name, a, nillable ? b("<" + name + " xsi:nil=\"true\"/>") : null, type, primitive, false,
                b("<" + name + ">"), b("</" + name + ">"), Object.class, null);
    }

    static ScalarNode attr(String name, ScalarType type, boolean primitive, Accessor a) {
        return new ScalarNode(name, a, null, type, primitive, true, b(" " + name + "=\""), b("\""), Object.class, null);
    }

    static ArrayNode array(String name, ArrayNode.Container c, boolean nillable, PlanNode item, Accessor a) {
        return new ArrayNode(name + "[]", a, nillable ? b("<" + name + " xsi:nil=\"true\"/>") : null, c, Object.class, item);
    }

    static StructNode struct(String name, Class<?> type, boolean nillable, Accessor a, List<ScalarNode> attrs,
                             PlanNode... children) {
        return new StructNode(name, a, nillable ? b("<" + name + " xsi:nil=\"true\"/>") : null, true, type,
                b("<" + name), attrs, b(">"), List.of(children), b("</" + name + ">"));
    }
}
