package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SerializerPoolTest {
    private final MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped("urn:p", "r",
            MessageShape.Part.of("return", double[].class)), CompiledPlanSequenceTest.DOC);

    @Test
    void lendsAtMostMaxKeepingSerializersLastReturnedFirst() {
        SerializerPool pool = new SerializerPool(plan, SerializerConfig.defaults(), new SerializerStats(), null, 2);
        DifferentialSerializer a = pool.borrow();
        DifferentialSerializer b = pool.borrow();
        assertNotSame(a, b);
        assertNull(pool.borrow(), "only two keep templates");
        DifferentialSerializer t = pool.transientSerializer();
        t.serialize(new Object[] {new double[] {1}});
        pool.release(t); // not the pool's: ignored
        pool.release(a);
        pool.release(b);
        assertSame(b, pool.borrow(), "the one returned last is lent first");
        assertSame(a, pool.borrow());
        assertNull(pool.borrow());
    }

    @Test
    void reportsTheTemplatesItKeeps() {
        SerializerPool pool = new SerializerPool(plan, SerializerConfig.defaults(), new SerializerStats(), null, 1);
        assertEquals(0, pool.retainedBytes());
        DifferentialSerializer s = pool.borrow();
        s.serialize(new Object[] {new double[] {1.5, 2.5}});
        byte[] first = s.toByteArray();
        pool.release(s);
        assertTrue(pool.retainedBytes() >= first.length, "retained " + pool.retainedBytes());
        DifferentialSerializer again = pool.borrow();
        assertEquals(MatchClass.CONTENT, again.serialize(new Object[] {new double[] {1.5, 2.5}}));
        assertArrayEquals(first, again.toByteArray());
    }
}
