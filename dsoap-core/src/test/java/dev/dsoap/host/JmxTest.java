package dev.dsoap.host;

import org.junit.jupiter.api.Test;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmxTest {
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    private static OperationStats stats(String service) {
        return new OperationStats("Test", line -> { }, service, "echo");
    }

    private static Set<ObjectName> beans(Jmx jmx) throws JMException {
        return SERVER.queryNames(new ObjectName("dev.dsoap:type=TestOperation,context=" + jmx.context() + ",*"), null);
    }

    private static long read(ObjectName name) throws JMException {
        return (Long) SERVER.getAttribute(name, "MessagesRejected");
    }

    private static ObjectName name(Jmx jmx, String side, String service) throws JMException {
        return new ObjectName("dev.dsoap:type=TestOperation,context=" + jmx.context() + ",side=" + side
                + ",service=" + ObjectName.quote(service) + ",operation=\"echo\"");
    }

    @Test
    void aNameAnotherInstanceHoldsIsNeverTakenOverEvenToReplace() throws JMException {
        Object configuration = new Object();
        List<String> warnings = new ArrayList<>();
        Jmx first = new Jmx(true, "Test", configuration, warnings::add);
        Jmx second = new Jmx(true, "Test", configuration, warnings::add);
        try {
            OperationStats a = stats("S.P");
            OperationStats b = stats("S.P");
            b.rejected();
            first.operation(a, "server", true);
            second.operation(b, "server", true);
            ObjectName plain = name(first, "server", "S.P");
            ObjectName two = new ObjectName(plain + ",instance=2");
            assertEquals(Set.of(plain, two), beans(first));
            assertEquals(0, read(plain), "the first owner keeps its name");
            assertEquals(1, read(two));

            first.close();
            assertEquals(Set.of(two), beans(second), "closing one owner leaves the other's bean");
            second.close();
            assertTrue(beans(second).isEmpty());
            assertTrue(warnings.isEmpty(), warnings.toString());
        } finally {
            first.close();
            second.close();
        }
    }

    @Test
    void anOwnerRegisteringTheSameNameAgainReplacesItsBean() throws JMException {
        Jmx jmx = new Jmx(true, "Test", new Object(), line -> { });
        try {
            OperationStats old = stats("S.Q");
            OperationStats now = stats("S.Q");
            now.rejected();
            jmx.operation(old, "client", true);
            jmx.operation(now, "client", true);
            Set<ObjectName> names = beans(jmx);
            assertEquals(1, names.size(), names.toString());
            assertEquals(1, read(names.iterator().next()));
        } finally {
            jmx.close();
        }
        assertTrue(beans(jmx).isEmpty());
    }

    @Test
    void anOwnerKeepingItsBeanRegistersTheNextUnderTheNextInstance() throws JMException {
        Jmx jmx = new Jmx(true, "Test", new Object(), line -> { });
        try {
            OperationStats[] s = {stats("S.K"), stats("S.K"), stats("S.K")};
            for (int i = 0; i < s.length; i++) {
                for (int r = 0; r < i; r++) {
                    s[i].rejected();
                }
                jmx.operation(s[i], "server", false);
            }
            ObjectName first = name(jmx, "server", "S.K");
            assertEquals(Set.of(first, new ObjectName(first + ",instance=2"), new ObjectName(first + ",instance=3")),
                    beans(jmx));
            assertEquals(0, read(first));
            assertEquals(1, read(new ObjectName(first + ",instance=2")));
            assertEquals(2, read(new ObjectName(first + ",instance=3")));
        } finally {
            jmx.close();
        }
        assertTrue(beans(jmx).isEmpty());
    }

    @Test
    void disabledRegistersNothing() throws JMException {
        Jmx jmx = new Jmx(false, "Test", new Object(), line -> { });
        jmx.operation(stats("S.R"), "server", false);
        assertFalse(beans(jmx).iterator().hasNext());
        jmx.close();
    }
}
