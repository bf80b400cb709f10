package dev.dsoap.binding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dsoap.binding.Beans.Attrs;
import dev.dsoap.binding.Beans.Box;
import dev.dsoap.binding.Beans.Derived;
import dev.dsoap.binding.Beans.Line;
import dev.dsoap.binding.Beans.MIO;
import dev.dsoap.binding.Beans.Mixed;
import dev.dsoap.binding.Beans.Order;
import dev.dsoap.binding.Beans.Outer;
import dev.dsoap.binding.Beans.Prims;
import dev.dsoap.binding.Beans.Status;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.Xml.El;
import dev.dsoap.binding.qualified.Point;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class PlanCompilerTest {
    static final String SVC = "http://example.org/svc";
    /** Where Axis2-style derived namespaces put this package's types. */
    static final String PKG_NS = "http://binding.dsoap.dev/xsd";

    /** Axis2 RPC as BeanUtil writes it: qualified parts and fields, ax2N type prefixes, nils, xsi:type on beans. */
    static final WireConvention AXIS2 = WireConvention.builder("axis2-rpc").partsQualified(true).fieldsQualified(true)
            .typePrefixStem("ax2").packageNamespaces(true, "/xsd").structXsiType(true)
            .nullStyle(WireConvention.NullStyle.NIL).beanStyle(WireConvention.BeanStyle.AXIS2).build();
    /** CXF/JAXB: ns2 wrapper prefix, unqualified parts, no declaration. */
    static final WireConvention CXF = WireConvention.builder("cxf").envelopePrefix("soap").xmlDeclaration(false)
            .wrapperPrefix("ns2").build();
    static final WireConvention DOC = WireConvention.documentLiteralWrapped();

    private final PlanCompiler compiler = new PlanCompiler();

    /** A {@code List<item>} type. */
    static Type listOf(Type item) {
        return Types.resolve(Holders.LIST_FIELD_TYPE, Map.of(Holders.LIST_VAR, item));
    }

    /** The wrapper element of a message: compiles, writes, parses, checks the envelope. */
    private El roundTrip(MessagePlan plan, WireConvention conv, Object... parts) {
        byte[] bytes = ReferenceWriter.write(plan, parts);
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertEquals(conv.xmlDeclaration(), text.startsWith("<?xml version='1.0' encoding='UTF-8'?>"), text);
        El env = Xml.parse(bytes);
        String envNs = conv.soapVersion().envelopeNamespace();
        assertEquals(new QName(envNs, "Envelope"), env.name());
        assertEquals(new QName(envNs, "Body"), env.children.get(0).name());
        return Xml.bodyChild(env);
    }

    // ------------------------------------------------------------------------------------------- arrays

    @Test
    void doubleArrayReturnAxis2() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "echoResponse", Part.of("return", double[].class)), AXIS2);
        double[] values = {1.5, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, Double.MIN_VALUE};
        El wrapper = roundTrip(plan, AXIS2, (Object) values);
        assertEquals(new QName(SVC, "echoResponse"), wrapper.name());
        assertEquals("ns", wrapper.prefix);
        List<El> items = wrapper.children("return");
        assertEquals(values.length, items.size());
        for (int i = 0; i < values.length; i++) {
            assertEquals(new QName(SVC, "return"), items.get(i).name());
            assertEquals(Double.doubleToLongBits(values[i]), Double.doubleToLongBits(Xml.xsdDouble(items.get(i).text())));
        }
        ArrayNode array = (ArrayNode) plan.root().children().get(0);
        assertEquals(ArrayNode.Container.PRIMITIVE_ARRAY, array.container());
        assertEquals("echoResponse/return", array.path());
        assertEquals("echoResponse/return[]", array.item().path());
        assertEquals("<ns:return>", new String(((ScalarNode) array.item()).open(), StandardCharsets.UTF_8));
        assertEquals("<ns:return xsi:nil=\"true\"/>", new String(array.nil(), StandardCharsets.UTF_8));
        // a null array under Axis2's NIL style: one nil element
        El nil = roundTrip(plan, AXIS2, (Object) null);
        assertEquals(1, nil.children.size());
        assertTrue(nil.children.get(0).nil());
        assertEquals(0, roundTrip(plan, AXIS2, (Object) new double[0]).children.size());
    }

    @Test
    void intArrayDocLit() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "sum", Part.of("args0", int[].class),
                Part.of("args1", int.class)), DOC);
        El wrapper = roundTrip(plan, DOC, new int[] {1, Integer.MIN_VALUE, 3}, 9);
        assertEquals(List.of("args0", "args0", "args0", "args1"), wrapper.locals());
        assertEquals("", wrapper.children.get(0).uri, "unqualified parts");
        assertEquals("-2147483648", wrapper.children.get(1).text());
        assertEquals("9", wrapper.child("args1").text());
        ScalarNode args1 = (ScalarNode) plan.root().children().get(1);
        assertTrue(args1.primitive());
        assertNull(args1.nil());
        // a null array is left out under OMIT
        assertEquals(List.of("args1"), roundTrip(plan, DOC, null, 1).locals());
    }

    @Test
    void boxedDoubleArrayWithNulls() {
        Double[] values = {1.0, null, 3.0};
        MessagePlan nil = compiler.compile(MessageShape.wrapped(SVC, "r", Part.of("return", Double[].class)), AXIS2);
        List<El> items = roundTrip(nil, AXIS2, (Object) values).children("return");
        assertEquals(3, items.size());
        assertFalse(items.get(0).nil());
        assertTrue(items.get(1).nil());
        assertEquals("", items.get(1).text());
        assertEquals("3.0", items.get(2).text());

        MessagePlan omit = compiler.compile(MessageShape.wrapped(SVC, "r", Part.of("return", Double[].class)), DOC);
        assertEquals(List.of("1.0", "3.0"), roundTrip(omit, DOC, (Object) values).children("return").stream().map(El::text).toList());
        ArrayNode array = (ArrayNode) omit.root().children().get(0);
        assertEquals(ArrayNode.Container.OBJECT_ARRAY, array.container());
        assertFalse(((ScalarNode) array.item()).primitive());

        MessagePlan nillable = compiler.compile(MessageShape.wrapped(SVC, "r", Part.of(null, "return", Double[].class, true)), DOC);
        assertTrue(roundTrip(nillable, DOC, (Object) values).children("return").get(1).nil());
    }

    @Test
    void listOfStringsCxf() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "echoResponse", Part.of("return", listOf(String.class))), CXF);
        List<String> values = Arrays.asList("plain", "<&>\"'", "", "ünï©ødé €");
        El wrapper = roundTrip(plan, CXF, values);
        assertEquals("ns2", wrapper.prefix);
        assertEquals(SVC, wrapper.uri);
        assertEquals(values, wrapper.children("return").stream().map(El::text).toList());
        assertEquals("", wrapper.children.get(0).uri);
        ArrayNode array = (ArrayNode) plan.root().children().get(0);
        assertEquals(ArrayNode.Container.LIST, array.container());
        assertEquals(List.class, array.javaType());
    }

    @Test
    void listOfDoubleAndArrayList() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("a", listOf(Double.class)),
                Part.of("b", Holders.ARRAY_LIST_OF_INT)), DOC);
        ArrayList<Integer> ints = new ArrayList<>(List.of(4, 5));
        El wrapper = roundTrip(plan, DOC, List.of(1.25, -2.0), ints);
        assertEquals(List.of("a", "a", "b", "b"), wrapper.locals());
        assertEquals("-2.0", wrapper.children.get(1).text());
        assertEquals(ScalarType.INT, ((ScalarNode) ((ArrayNode) plan.root().children().get(1)).item()).type());
    }

    // -------------------------------------------------------------------------------------------- beans

    @Test
    void mioArrayDocLit() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "getMios", Part.of("return", MIO[].class)), DOC);
        MIO[] mios = {new MIO(1, 2, 0.5), null, new MIO(-3, 4, 1e-9)};
        List<El> items = roundTrip(plan, DOC, (Object) mios).children("return");
        assertEquals(2, items.size(), "null bean omitted");
        assertEquals(List.of("a", "b", "value"), items.get(0).locals());
        assertEquals("", items.get(0).child("a").uri);
        assertEquals("-3", items.get(1).child("a").text());
        assertEquals(1e-9, Xml.xsdDouble(items.get(1).child("value").text()));
        StructNode mio = (StructNode) ((ArrayNode) plan.root().children().get(0)).item();
        assertEquals(MIO.class, mio.javaType());
        assertEquals("getMios/return[]/value", mio.children().get(2).path());
    }

    @Test
    void mioArrayAxis2() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "getMiosResponse", Part.of("return", MIO[].class)), AXIS2);
        MIO[] mios = {new MIO(1, 2, 0.5), null};
        El wrapper = roundTrip(plan, AXIS2, (Object) mios);
        List<El> items = wrapper.children("return");
        assertEquals(2, items.size());
        El first = items.get(0);
        assertEquals(new QName(SVC, "return"), first.name());
        assertEquals(new QName(PKG_NS, "MIO"), first.xsiType);
        assertEquals(List.of("a", "b", "value"), first.locals());
        for (El f : first.children) {
            assertEquals(PKG_NS, f.uri);
            assertEquals("ax21", f.prefix);
        }
        assertTrue(items.get(1).nil());
        String open = new String(((StructNode) ((ArrayNode) plan.root().children().get(0)).item()).openStart(), StandardCharsets.UTF_8);
        assertEquals("<ns:return xsi:type=\"ax21:MIO\"", open);
        assertTrue(new String(plan.root().openStart(), StandardCharsets.UTF_8)
                .contains("xmlns:ns=\"" + SVC + "\" xmlns:ax21=\"" + PKG_NS + "\""));
    }

    @Test
    void jaxbBeanBare() {
        MessagePlan plan = compiler.compile(MessageShape.bare(Order.class), DOC);
        Order o = new Order();
        o.id = 7;
        o.customer = "ACME & Co";
        o.total = new BigDecimal("1E+3");
        o.lines = List.of(new Line("x-1", 2, 9.5), new Line("y", 1, 0.25));
        o.status = Status.ON_HOLD;
        El order = roundTrip(plan, DOC, o);
        assertEquals(new QName("urn:orders", "order"), order.name());
        assertEquals("ns", order.prefix);
        assertEquals("7", order.attribute("id"));
        assertNull(order.attribute("currency"), "null attribute omitted");
        assertEquals(1, order.attributes.size());
        assertEquals(List.of("cust", "total", "line", "line", "note", "status"), order.locals());
        for (El child : order.children) {
            assertEquals("", child.uri, "no elementFormDefault: unqualified");
        }
        assertEquals("ACME & Co", order.child("cust").text());
        assertEquals("1000", order.child("total").text());
        assertEquals(List.of("sku", "qty", "price"), order.child("line").locals(), "FIELD access: declaration order");
        assertEquals("x-1", order.child("line").child("sku").text());
        assertTrue(order.child("note").nil());
        assertEquals("on-hold", order.child("status").text());

        StructNode root = plan.root();
        assertEquals(0, root.openStart().length);
        assertEquals(1, root.children().size());
        StructNode body = (StructNode) root.children().get(0);
        assertEquals("<ns:order xmlns:ns=\"urn:orders\"", new String(body.openStart(), StandardCharsets.UTF_8));
        assertEquals(" id=\"", new String(body.attributes().get(0).open(), StandardCharsets.UTF_8));

        o.currency = "EUR";
        o.note = "n";
        o.lines = null;
        o.status = null;
        El again = roundTrip(plan, DOC, o);
        assertEquals("EUR", again.attribute("currency"));
        assertEquals(List.of("cust", "total", "note"), again.locals());
    }

    @Test
    void attributesOfEveryKind() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("attrs", Attrs.class)), DOC);
        El attrs = roundTrip(plan, DOC, new Attrs()).child("attrs");
        assertEquals("2.5", attrs.attribute("weight"));
        assertEquals("a\"b<c&d", attrs.attribute("label"));
        assertEquals("on-hold", attrs.attributes.get(new QName("urn:attr", "status")));
        assertNull(attrs.attribute("missing"));
        assertEquals(List.of("body"), attrs.locals());
        StructNode s = (StructNode) plan.root().children().get(0);
        assertEquals(List.of("op/attrs/@weight", "op/attrs/@label", "op/attrs/@missing", "op/attrs/@status"),
                s.attributes().stream().map(PlanNode::path).toList());
        assertNull(s.attributes().get(2).nil());
    }

    @Test
    void nestedStructs() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("outer", Outer.class)), DOC);
        Outer outer = new Outer();
        outer.setMio(new MIO(5, 6, 7.5));
        outer.setLabel("L");
        El el = roundTrip(plan, DOC, outer).child("outer");
        assertEquals(List.of("label", "mio"), el.locals(), "PUBLIC_MEMBER pairs sorted; null line omitted");
        assertEquals(List.of("a", "b", "value"), el.child("mio").locals());
        assertEquals("7.5", el.child("mio").child("value").text());

        MessagePlan nil = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("outer", Outer.class)), AXIS2);
        El axis = roundTrip(nil, AXIS2, outer).child("outer");
        assertEquals(List.of("label", "line", "mio"), axis.locals());
        assertTrue(axis.child("line").nil());
        assertEquals(new QName(PKG_NS, "MIO"), axis.child("mio").xsiType);
    }

    @Test
    void primitivesAndBoxes() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("p", Prims.class)), DOC);
        El p = roundTrip(plan, DOC, new Prims()).child("p");
        assertEquals(List.of("bool", "b", "s", "i", "l", "f", "d", "nilLong"), p.locals(), "null boxed omitted, nillable nil");
        assertEquals("true", p.child("bool").text());
        assertEquals("-8", p.child("b").text());
        assertEquals("300", p.child("s").text());
        assertEquals(Long.toString(Long.MIN_VALUE), p.child("l").text());
        assertEquals("1.5", p.child("f").text());
        assertEquals("NaN", p.child("d").text());
        assertTrue(p.child("nilLong").nil());
        StructNode s = (StructNode) plan.root().children().get(0);
        List<ScalarType> types = s.children().stream().map(n -> ((ScalarNode) n).type()).toList();
        assertEquals(List.of(ScalarType.BOOLEAN, ScalarType.BYTE, ScalarType.SHORT, ScalarType.INT, ScalarType.LONG,
                ScalarType.FLOAT, ScalarType.DOUBLE, ScalarType.INT, ScalarType.LONG), types);
        assertEquals(Integer.class, ((ScalarNode) s.children().get(7)).javaType());
    }

    @Test
    void enumPart() {
        MessageShape shape = MessageShape.wrapped(SVC, "op", Part.of("s", Status.class), Part.of("t", Status.class));
        El jaxb = roundTrip(compiler.compile(shape, DOC), DOC, Status.OPEN, Status.CLOSED);
        assertEquals("open", jaxb.child("s").text());
        assertEquals("CLOSED", jaxb.child("t").text());
        El axis2 = roundTrip(compiler.compile(shape, AXIS2), AXIS2, Status.OPEN, null);
        assertEquals("Status:OPEN", axis2.child("s").text(), "Axis2 writes toString()");
        assertTrue(axis2.child("t").nil());
        ScalarNode s = (ScalarNode) compiler.compile(shape, DOC).root().children().get(0);
        assertEquals(ScalarType.ENUM, s.type());
        assertEquals(Status.class, s.javaType());
        assertEquals("on-hold", s.enumLexical(1));
    }

    @Test
    void base64AndBigNumbers() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("bin", byte[].class),
                Part.of("dec", BigDecimal.class), Part.of("int", BigInteger.class), Part.of("bins", byte[][].class)), DOC);
        byte[] bin = {0, 1, 2, (byte) 0xff, 0x7f};
        El w = roundTrip(plan, DOC, bin, new BigDecimal("-12345678901234567890.000123"),
                new BigInteger("123456789012345678901234567890"), new byte[][] {{1}, {2, 3}});
        assertArrayEquals(bin, Base64.getDecoder().decode(w.child("bin").text()));
        assertEquals("-12345678901234567890.000123", w.child("dec").text());
        assertEquals("123456789012345678901234567890", w.child("int").text());
        assertEquals(2, w.children("bins").size());
        assertEquals(ScalarType.BASE64, ((ScalarNode) plan.root().children().get(0)).type());
        assertInstanceOf(ScalarNode.class, plan.root().children().get(0), "byte[] is a scalar, not an array");
        assertInstanceOf(ArrayNode.class, plan.root().children().get(3));
        assertEquals(ScalarType.DECIMAL, ((ScalarNode) plan.root().children().get(1)).type());
        assertEquals(ScalarType.INTEGER, ((ScalarNode) plan.root().children().get(2)).type());
    }

    @Test
    void genericBean() {
        Type boxOfDouble = Types.resolve(Holders.BOX_FIELD_TYPE, Map.of(Holders.BOX_VAR, Double.class));
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("box", boxOfDouble)), DOC);
        Box<Double> box = new Box<>();
        box.setValue(2.5);
        box.setMore(List.of(1.0, 2.0));
        El el = roundTrip(plan, DOC, box).child("box");
        assertEquals(List.of("more", "more", "value"), el.locals());
        StructNode s = (StructNode) plan.root().children().get(0);
        assertEquals(ScalarType.DOUBLE, ((ScalarNode) s.children().get(1)).type());
    }

    // ------------------------------------------------------------------------------------ property order

    @Test
    void propertyOrderJaxbVersusAxis2() {
        MessageShape shape = MessageShape.wrapped(SVC, "op", Part.of("m", Mixed.class));
        El jaxb = roundTrip(compiler.compile(shape, DOC), DOC, new Mixed()).child("m");
        assertEquals(List.of("pub", "alpha", "on", "zeta"), jaxb.locals(), "public fields, then pairs by name; no read-only");
        El axis2 = roundTrip(compiler.compile(shape, AXIS2), AXIS2, new Mixed()).child("m");
        assertEquals(List.of("alpha", "on", "readOnly", "zeta"), axis2.locals(), "getters by name, read-only included, no fields");
    }

    @Test
    void jaxbAccessTypesAndAlphabeticalOrder() {
        MessagePlan prop = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("p", Beans.PropAccess.class)), DOC);
        El p = roundTrip(prop, DOC, new Beans.PropAccess()).child("p");
        assertEquals(List.of("computed", "hidden"), p.locals(), "non-public pair bound, public field not");
        assertEquals("c5", p.child("computed").text());
        StructNode ps = (StructNode) prop.root().children().get(0);
        assertNull(ps.children().get(0).mutator(), "annotated getter-only property cannot be written back");
        El none = roundTrip(compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("n", Beans.NoneAccess.class)), DOC),
                DOC, new Beans.NoneAccess()).child("n");
        assertEquals(List.of("chosen"), none.locals());
        El alpha = roundTrip(compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("a", Beans.Alpha.class)), DOC),
                DOC, new Beans.Alpha()).child("a");
        assertEquals(List.of("alpha", "mike", "zulu"), alpha.locals());
    }

    @Test
    void superclassPropertiesFirst() {
        MessageShape shape = MessageShape.wrapped(SVC, "op", Part.of("d", Derived.class));
        assertEquals(List.of("ZBase", "ADerived"), roundTrip(compiler.compile(shape, DOC), DOC, new Derived()).child("d").locals());
        assertEquals(List.of("ZBase", "ADerived"), roundTrip(compiler.compile(shape, AXIS2), AXIS2, new Derived()).child("d").locals());
        MessageShape over = MessageShape.wrapped(SVC, "op", Part.of("d", Beans.Overriding.class));
        El o = roundTrip(compiler.compile(over, DOC), DOC, new Beans.Overriding()).child("d");
        assertEquals(List.of("ZBase", "ADerived"), o.locals(), "an overriding getter is not a second property");
        assertEquals("10", o.child("ZBase").text());
        assertEquals(List.of("ZBase", "ADerived"),
                roundTrip(compiler.compile(over, AXIS2), AXIS2, new Beans.Overriding()).child("d").locals());
    }

    @Test
    void packageSchemaQualifiesElements() {
        MessagePlan plan = compiler.compile(MessageShape.bare(Point.class), CXF);
        Point p = new Point();
        p.x = 1;
        p.y = -2;
        El point = roundTrip(plan, CXF, p);
        assertEquals(new QName("urn:q", "point"), point.name());
        assertEquals("ns2", point.prefix);
        assertEquals(List.of("x", "y"), point.locals());
        assertEquals("urn:q", point.child("x").uri);
        assertEquals("ns2", point.child("x").prefix, "the body element's namespace reuses its prefix");
    }

    // ------------------------------------------------------------------------------- versions, xsi:type

    @Test
    void soap12() {
        WireConvention soap12 = DOC.toBuilder("doc-lit-12").soapVersion(SoapVersion.SOAP_12).xmlDeclaration(false).build();
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("v", double.class)), soap12);
        assertEquals("4.0", roundTrip(plan, soap12, 4.0).child("v").text());
        String text = new String(plan.prolog(), StandardCharsets.UTF_8);
        assertEquals("<soapenv:Envelope xmlns:soapenv=\"" + Xml.SOAP12 + "\" xmlns:xsi=\"" + Xml.XSI + "\"><soapenv:Body>", text);
        assertEquals("</soapenv:Body></soapenv:Envelope>", new String(plan.epilog(), StandardCharsets.UTF_8));
    }

    @Test
    void xsiTypeOnLeaves() {
        WireConvention typed = DOC.toBuilder("typed").xsiType(true).build();
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("v", double[].class),
                Part.of("s", String.class), Part.of("m", MIO.class), Part.of("e", Status.class)), typed);
        El w = roundTrip(plan, typed, new double[] {1, 2}, "x", new MIO(1, 2, 3), Status.OPEN);
        QName xsdDouble = new QName(Xml.XSD, "double");
        assertEquals(xsdDouble, w.children("v").get(1).xsiType);
        assertEquals(new QName(Xml.XSD, "string"), w.child("s").xsiType);
        assertEquals(new QName(Xml.XSD, "int"), w.child("m").child("a").xsiType);
        assertEquals(new QName(Xml.XSD, "string"), w.child("e").xsiType);
        assertNull(w.child("m").xsiType, "structs only with structXsiType");
        assertTrue(new String(plan.prolog(), StandardCharsets.UTF_8).contains("xmlns:xsd=\"" + Xml.XSD + "\""));
    }

    @Test
    void prefixesNumberedInDocumentOrderSkippingTaken() {
        WireConvention conv = CXF.toBuilder("cxf-q").fieldsQualified(true).packageNamespaces(true, "").build();
        MessagePlan plan = compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("p", Point.class),
                Part.of("m", MIO.class)), conv);
        Point point = new Point();
        El w = roundTrip(plan, conv, point, new MIO());
        assertEquals("ns1", w.child("p").child("x").prefix);
        assertEquals("urn:q", w.child("p").child("x").uri);
        assertEquals("ns3", w.child("m").child("a").prefix, "ns2 is the wrapper's");
        assertEquals("http://binding.dsoap.dev", w.child("m").child("a").uri);
        assertEquals("<ns2:op xmlns:ns2=\"" + SVC + "\" xmlns:ns1=\"urn:q\" xmlns:ns3=\"http://binding.dsoap.dev\"",
                new String(plan.root().openStart(), StandardCharsets.UTF_8));
    }

    @Test
    void emptyWrapperNamespaceAndNoParts() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped("", "echoVoid"), DOC);
        El w = roundTrip(plan, DOC);
        assertEquals(new QName("", "echoVoid"), w.name());
        assertTrue(w.children.isEmpty());
    }

    @Test
    void bareScalarWithExplicitName() {
        MessagePlan plan = compiler.compile(MessageShape.bare("urn:x", "value", double.class), CXF);
        El v = roundTrip(plan, CXF, 3.25);
        assertEquals(new QName("urn:x", "value"), v.name());
        assertEquals("3.25", v.text());
        assertEquals("<ns2:value xmlns:ns2=\"urn:x\">",
                new String(((ScalarNode) plan.root().children().get(0)).open(), StandardCharsets.UTF_8));
    }

    @Test
    void badNamesAndPrefixesAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("a b", int.class)), DOC));
        assertThrows(IllegalArgumentException.class,
                () -> compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("a", int.class), Part.of("a", int.class)), DOC));
        WireConvention clash = DOC.toBuilder("clash").wrapperPrefix("xsi").build();
        assertThrows(IllegalArgumentException.class,
                () -> compiler.compile(MessageShape.wrapped(SVC, "op", Part.of("a", int.class)), clash));
    }

    /** Types to build parameterized test types from. */
    static final class Holders {
        static final Type LIST_FIELD_TYPE;
        static final java.lang.reflect.TypeVariable<?> LIST_VAR;
        static final Type BOX_FIELD_TYPE;
        static final java.lang.reflect.TypeVariable<?> BOX_VAR;
        static final Type ARRAY_LIST_OF_INT;

        static {
            try {
                LIST_FIELD_TYPE = Generic.class.getDeclaredField("list").getGenericType();
                BOX_FIELD_TYPE = Generic.class.getDeclaredField("box").getGenericType();
                ARRAY_LIST_OF_INT = Generic.class.getDeclaredField("arrayList").getGenericType();
            } catch (NoSuchFieldException e) {
                throw new ExceptionInInitializerError(e);
            }
            LIST_VAR = Generic.class.getTypeParameters()[0];
            BOX_VAR = LIST_VAR;
        }

        @SuppressWarnings("unused")
        static final class Generic<T> {
            List<T> list;
            Box<T> box;
            ArrayList<Integer> arrayList;
        }
    }
}
