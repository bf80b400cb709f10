package dev.dsoap.binding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dsoap.binding.MessageShape.Part;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccessorsTest {
    private static final WireConvention DOC = WireConvention.documentLiteralWrapped();
    private final PlanCompiler compiler = new PlanCompiler();

    private StructNode struct(Class<?> type) {
        return (StructNode) compiler.compile(MessageShape.wrapped("urn:t", "op", Part.of("x", type)), DOC).root().children().get(0);
    }

    private static PlanNode child(StructNode s, String name) {
        return s.children().stream().filter(n -> n.path().endsWith("/" + name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + s.children()));
    }

    /** The functional object behind one of the compiler's accessors or mutators. */
    private static Object function(Object accessorOrMutator, String field) throws ReflectiveOperationException {
        Field f = accessorOrMutator.getClass().getDeclaredField(field);
        f.setAccessible(true);
        return f.get(accessorOrMutator);
    }

    private static void assertOverrides(Object impl, String method, Class<?>... params) throws NoSuchMethodException {
        assertSame(impl.getClass(), impl.getClass().getMethod(method, params).getDeclaringClass(),
                impl + " must override " + method + " (no boxing)");
    }

    @Test
    void gettersInTheSameLoaderAreMetafactoryLambdasInTheBeansNest() throws Exception {
        StructNode mio = struct(Beans.MIO.class);
        Accessor a = child(mio, "a").accessor();
        Accessor value = child(mio, "value").accessor();
        Beans.MIO m = new Beans.MIO(3, 4, 2.5);
        assertEquals(3, a.getInt(m));
        assertEquals(3L, a.getLong(m));
        assertEquals(3, a.get(m));
        assertEquals(2.5, value.getDouble(m));
        assertEquals(2.5, value.get(m));
        assertOverrides(a, "getInt", Object.class);
        assertOverrides(value, "getDouble", Object.class);
        Object lambda = function(value, "read");
        assertTrue(lambda.getClass().isHidden());
        assertTrue(lambda.getClass().getName().startsWith(Beans.MIO.class.getName() + "$$Lambda"), lambda.getClass().getName());
    }

    @Test
    void fieldAccessorsAndEveryPrimitiveFamily() throws Exception {
        StructNode prims = struct(Beans.Prims.class);
        Beans.Prims p = new Beans.Prims();
        assertTrue(child(prims, "bool").accessor().getBoolean(p));
        assertEquals(-8, child(prims, "b").accessor().getInt(p));
        assertEquals((byte) -8, child(prims, "b").accessor().get(p));
        assertEquals((short) 300, child(prims, "s").accessor().get(p));
        assertEquals(Long.MIN_VALUE, child(prims, "l").accessor().getLong(p));
        assertEquals(1.5f, child(prims, "f").accessor().getFloat(p));
        assertEquals(1.5f, child(prims, "f").accessor().get(p));
        assertTrue(Double.isNaN(child(prims, "d").accessor().getDouble(p)));
        assertNull(child(prims, "boxed").accessor().get(p));
        assertOverrides(child(prims, "bool").accessor(), "getBoolean", Object.class);
        assertOverrides(child(prims, "f").accessor(), "getFloat", Object.class);
        assertOverrides(child(prims, "l").accessor(), "getLong", Object.class);
    }

    @Test
    void mutatorsAndFactoriesFillABean() throws Exception {
        StructNode mio = struct(Beans.MIO.class);
        Object bean = mio.factory().get();
        assertInstanceOf(Beans.MIO.class, bean);
        assertTrue(function(child(mio, "a").mutator(), "write").getClass().getName().startsWith(Beans.MIO.class.getName() + "$$Lambda"));
        child(mio, "a").mutator().setInt(bean, 11);
        child(mio, "b").mutator().set(bean, 12);
        child(mio, "value").mutator().setDouble(bean, -0.5);
        Beans.MIO m = (Beans.MIO) bean;
        assertEquals(11, m.getA());
        assertEquals(12, m.getB());
        assertEquals(-0.5, m.getValue());

        StructNode prims = struct(Beans.Prims.class);
        Beans.Prims p = (Beans.Prims) prims.factory().get();
        child(prims, "bool").mutator().setBoolean(p, false);
        child(prims, "b").mutator().setInt(p, 5);
        child(prims, "s").mutator().setInt(p, -3);
        child(prims, "l").mutator().setLong(p, 7L);
        child(prims, "f").mutator().setFloat(p, 0.25f);
        child(prims, "d").mutator().setDouble(p, 9.0);
        child(prims, "boxed").mutator().set(p, 42);
        assertFalse(p.bool);
        assertEquals(5, p.b);
        assertEquals(-3, p.s);
        assertEquals(7L, p.l);
        assertEquals(0.25f, p.f);
        assertEquals(9.0, p.d);
        assertEquals(42, p.boxed);

        MessagePlan axis2 = compiler.compile(MessageShape.wrapped("urn:t", "op", Part.of("x", Beans.Mixed.class)),
                PlanCompilerTest.AXIS2);
        StructNode ro = (StructNode) axis2.root().children().get(0);
        assertNull(child(ro, "readOnly").mutator(), "read-only property");
    }

    @Test
    void rootPartsFactoryAndMutators() {
        MessagePlan plan = compiler.compile(MessageShape.wrapped("urn:t", "op", Part.of("a", double[].class),
                Part.of("b", int.class)), DOC);
        Object[] parts = (Object[]) plan.root().factory().get();
        assertEquals(2, parts.length);
        plan.root().children().get(0).mutator().set(parts, new double[] {1});
        plan.root().children().get(1).mutator().setInt(parts, 4);
        assertEquals(4, parts[1]);
        assertSame(parts, plan.root().accessor().get(parts));
        assertNull(((ArrayNode) plan.root().children().get(0)).item().mutator());
        assertThrows(UnsupportedOperationException.class,
                () -> ((ArrayNode) plan.root().children().get(0)).item().accessor().get(parts));
    }

    /** Defines {@code dev.dsoap.binding.isolated.*} itself; sees nothing else but the platform. */
    static final class IsolatingLoader extends ClassLoader {
        IsolatingLoader() {
            super("isolated", ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith("dev.dsoap.binding.isolated.")) {
                throw new ClassNotFoundException(name);
            }
            try (InputStream in = AccessorsTest.class.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    @Test
    void beansFromALoaderThatCannotSeeDsoap() throws Exception {
        ClassLoader loader = new IsolatingLoader();
        Class<?> iso = loader.loadClass("dev.dsoap.binding.isolated.IsoBean");
        assertSame(loader, iso.getClassLoader());
        assertThrows(ClassNotFoundException.class, () -> Class.forName(PlanCompiler.class.getName(), false, loader));

        MessagePlan plan = compiler.compile(MessageShape.wrapped("urn:t", "op", Part.of("x", iso)), DOC);
        StructNode s = (StructNode) plan.root().children().get(0);
        assertEquals(List.of("big", "count", "flag", "name", "ratio", "samples", "small", "value"),
                s.children().stream().map(n -> n.path().substring("op/x/".length())).toList());
        Object bean = s.factory().get();
        assertSame(iso, bean.getClass());
        child(s, "value").mutator().setDouble(bean, 6.25);
        child(s, "count").mutator().setInt(bean, -9);
        child(s, "big").mutator().setLong(bean, 1L << 40);
        child(s, "flag").mutator().setBoolean(bean, true);
        child(s, "small").mutator().setInt(bean, 127);
        child(s, "ratio").mutator().setFloat(bean, 0.75f);
        child(s, "name").mutator().set(bean, "iso");
        child(s, "samples").mutator().set(bean, new double[] {1, 2});

        assertEquals(6.25, child(s, "value").accessor().getDouble(bean));
        assertEquals(-9, child(s, "count").accessor().getInt(bean));
        assertEquals(1L << 40, child(s, "big").accessor().getLong(bean));
        assertTrue(child(s, "flag").accessor().getBoolean(bean));
        assertEquals(127, child(s, "small").accessor().getInt(bean));
        assertEquals(0.75f, child(s, "ratio").accessor().getFloat(bean));
        assertEquals("iso", child(s, "name").accessor().get(bean));
        assertArrayEquals(new double[] {1, 2}, (double[]) child(s, "samples").accessor().get(bean));
        Object read = function(child(s, "value").accessor(), "read");
        assertTrue(read.getClass().getName().startsWith(Accessors.class.getName() + "$$Lambda"),
                "method-handle fallback: " + read.getClass().getName());

        Xml.El x = Xml.bodyChild(Xml.parse(ReferenceWriter.write(plan, bean))).child("x");
        assertEquals("6.25", x.child("value").text());
        assertEquals("true", x.child("flag").text());
        assertEquals(2, x.children("samples").size());
    }
}
