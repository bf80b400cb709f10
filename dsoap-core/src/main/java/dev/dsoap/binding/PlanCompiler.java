package dev.dsoap.binding;

import java.util.Objects;

/**
 * Compiles a {@link MessageShape} (Java types of a message's body) into a {@link MessagePlan} for one
 * {@link WireConvention}: the literal bytes around every value, and fast accessors to read the values.
 * Compile once per (shape, convention), e.g. through a {@link PlanCache}, and share the plan.
 *
 * <h2>Messages</h2>
 * The prolog is the optional XML declaration, {@code <soapenv:Envelope xmlns:soapenv=".."
 * xmlns:xsi=".."} (plus {@code xmlns:xsd} when the convention writes {@code xsi:type}) and
 * {@code <soapenv:Body>}; the epilog closes both. A <em>wrapped</em> shape's root writes the wrapper
 * element (prefix {@link WireConvention#wrapperPrefix()}) with one child per part, qualified with the
 * wrapper namespace when {@link WireConvention#partsQualified()}; a <em>bare</em> shape's root writes
 * nothing itself and has the body element as its only child. Every other namespace gets
 * {@code typePrefixStem + n} (n from 1, in document order of first use) and all of them are declared on
 * the wrapper (bare: body) element.
 *
 * <h2>Types</h2>
 * <ul>
 * <li>Scalars ({@link ScalarNode}): {@code boolean byte short int long float double} and their boxes,
 *     {@link String}, enums ({@code @XmlEnumValue} or {@code name()}; {@code toString()} in Axis2 style),
 *     {@code byte[]} (base64), {@link java.math.BigDecimal}, {@link java.math.BigInteger}.</li>
 * <li>Repeated elements ({@link ArrayNode}, document/literal: no wrapper element): arrays of the above or
 *     of beans (not arrays of arrays; {@code byte[][]} is an array of base64 values), and
 *     {@code List<X>} (any {@link java.util.List} type whose item type is known).</li>
 * <li>Structs ({@link StructNode}): JavaBeans and JAXB-annotated classes with a no-arg constructor (any
 *     visibility), properties found and ordered as the convention's {@link WireConvention.BeanStyle}
 *     says; generic beans with their type arguments substituted.</li>
 * <li>Anything else fails here with {@link UnsupportedTypeException} naming the path and type: maps,
 *     other collections, raw lists, {@code Object}, interfaces, abstract classes, {@code char}, dates and
 *     other platform classes, records, inner classes, recursive types, and JAXB features a plan cannot
 *     express ({@code @XmlValue}, {@code @XmlElementWrapper}, {@code @XmlElements}, {@code @XmlElementRef},
 *     {@code @XmlAnyElement}, {@code @XmlJavaTypeAdapter}, {@code @XmlList}, {@code @XmlID}, ...).</li>
 * </ul>
 *
 * <h2>Nulls</h2>
 * Primitives are never null. A null element is written as {@code <x xsi:nil="true"/>} when it is
 * nillable ({@code @XmlElement(nillable = true)}, {@link MessageShape.Part#nillable()}) or the
 * convention's {@link WireConvention.NullStyle} is {@code NIL}; otherwise it is left out ({@link PlanNode#nil()}
 * is {@code null}). A null list or array is left out unless the style is {@code NIL} (then it is one nil
 * element); null items follow the item rules. Null attributes are left out.
 *
 * <h2>Runtime classes</h2>
 * A plan describes the declared types: a value whose runtime class is a subclass of a struct's
 * {@link StructNode#javaType()} would need {@code xsi:type} and more properties, so a serializer must
 * compare classes and fall back when they differ.
 *
 * <p>Thread-safe and stateless.
 */
public final class PlanCompiler {

    public PlanCompiler() {
    }

    /**
     * Compiles {@code shape} for {@code convention}.
     *
     * @throws UnsupportedTypeException if a type in the shape has no faithful plan
     * @throws IllegalArgumentException if a name is not a valid XML name, two parts or properties share an
     *                                  element name, or the convention's prefixes collide
     */
    public MessagePlan compile(MessageShape shape, WireConvention convention) {
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(convention, "convention");
        return new Compilation(convention).compile(shape);
    }
}
