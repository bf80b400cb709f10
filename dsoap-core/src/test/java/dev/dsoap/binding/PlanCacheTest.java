package dev.dsoap.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dsoap.binding.MessageShape.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PlanCacheTest {
    private static final WireConvention DOC = WireConvention.documentLiteralWrapped();

    @Test
    void sameKeySameInstance() {
        PlanCache cache = new PlanCache();
        MessagePlan a = cache.get(MessageShape.wrapped("urn:t", "op", Part.of("v", double[].class)), DOC);
        MessagePlan b = cache.get(MessageShape.wrapped("urn:t", "op", Part.of("v", double[].class)),
                WireConvention.documentLiteralWrapped());
        assertSame(a, b);
        MessagePlan other = cache.get(MessageShape.wrapped("urn:t", "op", Part.of("v", double[].class)),
                DOC.toBuilder("doc-12").soapVersion(SoapVersion.SOAP_12).build());
        assertNotSame(a, other);
        assertEquals(2, cache.size());
        cache.clear();
        assertEquals(0, cache.size());
        assertNotSame(a, cache.get(MessageShape.wrapped("urn:t", "op", Part.of("v", double[].class)), DOC));
    }

    @Test
    void failuresAreRememberedAndRethrownFresh() {
        PlanCache cache = new PlanCache();
        MessageShape shape = MessageShape.wrapped("urn:t", "op", Part.of("h", Beans.Holder.class));
        UnsupportedTypeException first = assertThrows(UnsupportedTypeException.class, () -> cache.get(shape, DOC));
        UnsupportedTypeException second = assertThrows(UnsupportedTypeException.class, () -> cache.get(shape, DOC));
        assertNotSame(first, second);
        assertSame(first.getCause(), second.getCause());
        assertEquals(first.getMessage(), second.getMessage());
        assertEquals("op/h/items", second.path());
        assertEquals(1, cache.size());
    }

    @Test
    void concurrentCallersShareOnePlanPerKey() throws Exception {
        PlanCache cache = new PlanCache();
        List<MessageShape> shapes = List.of(
                MessageShape.wrapped("urn:t", "a", Part.of("v", double[].class)),
                MessageShape.wrapped("urn:t", "b", Part.of("v", Beans.MIO[].class)),
                MessageShape.wrapped("urn:t", "c", Part.of("v", Beans.Outer.class)),
                MessageShape.bare(Beans.Order.class));
        int threads = 8;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<MessagePlan>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int offset = t;
                results.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    List<MessagePlan> plans = new ArrayList<>();
                    for (int i = 0; i < 50; i++) {
                        plans.add(cache.get(shapes.get((i + offset) % shapes.size()), DOC));
                    }
                    return plans;
                }));
            }
            MessagePlan[] seen = new MessagePlan[shapes.size()];
            for (int t = 0; t < threads; t++) {
                List<MessagePlan> plans = results.get(t).get(30, TimeUnit.SECONDS);
                for (int i = 0; i < plans.size(); i++) {
                    int k = (i + t) % shapes.size();
                    if (seen[k] == null) {
                        seen[k] = plans.get(i);
                    }
                    assertSame(seen[k], plans.get(i), "key " + k);
                }
            }
            assertEquals(shapes.size(), cache.size());
        } finally {
            pool.shutdownNow();
        }
    }
}
