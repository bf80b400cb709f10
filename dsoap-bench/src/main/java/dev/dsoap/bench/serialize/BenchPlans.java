package dev.dsoap.bench.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;

/**
 * The benchmark operation's response plans, compiled by dsoap's {@link PlanCompiler}: {@code echoResponse}
 * in {@link #NS}, document/literal wrapped, SOAP 1.1, one repeated {@code <return>} part holding the array.
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
        Class<?> type = switch (kind) {
            case DOUBLE -> double[].class;
            case INT -> int[].class;
            case MIO -> Mio[].class;
        };
        return new PlanCompiler().compile(
                MessageShape.wrapped(NS, "echoResponse", MessageShape.Part.of("return", type)),
                WireConvention.documentLiteralWrapped());
    }

    /** The plan for a response carrying one array of {@code type}: a {@code byte[]} is a single {@code <return>}. */
    public static MessagePlan plan(ItemType type) {
        return new PlanCompiler().compile(
                MessageShape.wrapped(NS, "echoResponse", MessageShape.Part.of("return", type.arrayType)),
                WireConvention.documentLiteralWrapped());
    }
}
