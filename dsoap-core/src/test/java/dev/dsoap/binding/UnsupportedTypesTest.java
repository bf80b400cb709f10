package dev.dsoap.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dsoap.binding.MessageShape.Part;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UnsupportedTypesTest {
    private final PlanCompiler compiler = new PlanCompiler();

    private UnsupportedTypeException fails(Type type) {
        return fails(type, WireConvention.documentLiteralWrapped());
    }

    private UnsupportedTypeException fails(Type type, WireConvention conv) {
        return assertThrows(UnsupportedTypeException.class,
                () -> compiler.compile(MessageShape.wrapped("urn:t", "op", Part.of("x", type)), conv));
    }

    private static void assertStarts(String expected, UnsupportedTypeException e) {
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void mapNamesPathAndType() {
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, () -> compiler.compile(
                MessageShape.wrapped("urn:t", "echoResponse", Part.of("return", Beans.Holder.class)),
                WireConvention.documentLiteralWrapped()));
        assertEquals("echoResponse/return/items: java.util.Map<java.lang.String, java.lang.Integer> is not supported"
                + " (maps have no document/literal form here)", e.getMessage());
        assertEquals("echoResponse/return/items", e.path());
        assertEquals("java.util.Map<java.lang.String, java.lang.Integer>", e.typeName());
    }

    @Test
    void unknownAndAbstractTypes() {
        assertStarts("op/x: java.lang.Object is not supported", fails(Object.class));
        assertStarts("op/x/task: java.lang.Runnable is not supported", fails(Beans.Runner.class));
        assertStarts("op/x: java.lang.Number is not supported", fails(Number.class));
        assertStarts("op/x: java.lang.Character is not supported", fails(Character.class));
        assertStarts("op/x/c: char is not supported", fails(Beans.Gadget.class));
        assertStarts("op/x/when: java.util.Date is not supported", fails(Beans.Dated.class));
    }

    @Test
    void collectionsOtherThanTypedLists() {
        assertStarts("op/x/items: java.util.List is not supported (a raw List", fails(Beans.RawList.class));
        assertStarts("op/x: java.util.List is not supported", fails(List.class));
        assertStarts("op/x: java.util.Set<java.lang.String> is not supported",
                fails(Types.resolve(Generic.field("set"), Map.of())));
        assertStarts("op/x: java.util.Map is not supported", fails(Map.class));
    }

    @Test
    void arraysOfArrays() {
        assertStarts("op/x/cells: int[][] is not supported (arrays of arrays", fails(Beans.Grid.class));
        assertStarts("op/x: java.util.List<int[]> is not supported (arrays of arrays",
                fails(Types.resolve(Generic.field("listOfArrays"), Map.of())));
        assertStarts("op/x: java.util.List<java.lang.String>[] is not supported (arrays of arrays",
                fails(Types.resolve(Generic.field("arrayOfLists"), Map.of())));
    }

    @Test
    void recursiveTypes() {
        UnsupportedTypeException e = fails(Beans.Node.class);
        assertEquals("op/x/next: dev.dsoap.binding.Beans$Node is not supported (recursive type: "
                + "dev.dsoap.binding.Beans$Node -> dev.dsoap.binding.Beans$Node)", e.getMessage());
        assertStarts("op/x/pongs[]/ping: dev.dsoap.binding.Beans$Ping is not supported (recursive type",
                fails(Beans.Ping.class));
    }

    @Test
    void beansThatCannotBeBuilt() {
        assertStarts("op/x: dev.dsoap.binding.Beans$NoCtor is not supported (a bean needs a no-arg constructor)",
                fails(Beans.NoCtor.class));
        assertStarts("op/x: dev.dsoap.binding.Beans$Rec is not supported (records", fails(Beans.Rec.class));
        assertStarts("op/x: java.lang.Runnable is not supported", fails(Runnable.class));
    }

    @Test
    void jaxbFeaturesPlansCannotExpress() {
        assertStarts("op/x/v: java.lang.String is not supported (@XmlValue", fails(Beans.WithValue.class));
        assertStarts("op/x: dev.dsoap.binding.Beans$BadOrder is not supported (properties [b] are not listed",
                fails(Beans.BadOrder.class));
    }

    @Test
    void bareShapes() {
        assertStarts("v: double[] is not supported (a bare body holds one element",
                assertThrows(UnsupportedTypeException.class, () -> compiler.compile(
                        MessageShape.bare("urn:x", "v", double[].class), WireConvention.documentLiteralWrapped())));
        assertStarts("MIO: dev.dsoap.binding.Beans$MIO is not supported (a bare body element needs @XmlRootElement",
                assertThrows(UnsupportedTypeException.class, () -> MessageShape.bare(Beans.MIO.class)));
    }

    @Test
    void axis2StyleRejectsTheSameTypes() {
        WireConvention axis2 = PlanCompilerTest.AXIS2;
        assertStarts("op/x/items: java.util.Map", fails(Beans.Holder.class, axis2));
        assertStarts("op/x/next: dev.dsoap.binding.Beans$Node is not supported (recursive", fails(Beans.Node.class, axis2));
    }

    @SuppressWarnings("unused")
    static final class Generic {
        Set<String> set;
        List<int[]> listOfArrays;
        List<String>[] arrayOfLists;

        static Type field(String name) {
            try {
                return Generic.class.getDeclaredField(name).getGenericType();
            } catch (NoSuchFieldException e) {
                throw new AssertionError(e);
            }
        }
    }
}
