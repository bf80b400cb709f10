package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.it.Echo;
import dev.dsoap.jaxws.it.Quotes;
import dev.dsoap.jaxws.it.QuotesImpl;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.soap.SOAPFaultException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap on Metro client proxies ({@link DsoapMetro#differential}): a proxy whose service endpoint interface carries
 * {@code @DifferentialSoap}, against a plain Metro endpoint and a dsoap one, over long seeded sequences with edge
 * values, gets what a plain Metro proxy gets from the plain endpoint, bit for bit, with its requests written and its
 * answers read by dsoap (the client's MXBeans count them); faults are Metro's, as a plain proxy gets them; the proxy
 * shares Metro's request context; a proxy whose interface does not carry the annotation is refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroClientTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261203L);
    private static final int STEPS = 40;
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String plainAddress;
    private static String dsoapAddress;
    private static String quotesAddress;
    private static MetroEcho plain;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    @BeforeAll
    static void publish() throws IOException {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        plainAddress = base + "/plain";
        dsoapAddress = base + "/dsoap";
        quotesAddress = base + "/quotes";
        endpoints.add(Endpoint.publish(plainAddress, new PlainMetroEcho()));
        endpoints.add(Endpoint.publish(dsoapAddress, new DsoapMetroEcho()));
        endpoints.add(Endpoint.publish(quotesAddress, new QuotesImpl()));
        plain = Service.create(URI.create(plainAddress + "?wsdl").toURL(), new QName(MetroEcho.NS, "PlainEchoService"))
                .getPort(new QName(MetroEcho.NS, "PlainEchoPort"), MetroEcho.class);
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static DifferentialMetroEcho client(String address, String service, String port) throws IOException {
        DifferentialMetroEcho metro = Service.create(URI.create(address + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), DifferentialMetroEcho.class);
        DifferentialMetroEcho dsoap = DsoapMetro.differential(metro);
        assertTrue(DsoapMetro.isDifferential(dsoap));
        assertFalse(DsoapMetro.isDifferential(metro));
        return dsoap;
    }

    /** The client side's MXBean of {@code operation} for port {@code service}, or {@code null}. */
    static OperationStatsMXBean clientStats(String service, String operation) throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName n : mbs.queryNames(new ObjectName("dev.dsoap:type=MetroOperation,*"), null)) {
            if ("client".equals(n.getKeyProperty("side")) && service.equals(unquote(n.getKeyProperty("service")))
                    && operation.equals(unquote(n.getKeyProperty("operation")))) {
                return JMX.newMXBeanProxy(mbs, n, OperationStatsMXBean.class);
            }
        }
        return null;
    }

    private static String unquote(String v) {
        return v == null ? "" : v.startsWith("\"") ? ObjectName.unquote(v) : v;
    }

    private static String at(String what, int step) {
        return what + " step " + step + " (seed " + SEED + ", -Ddsoap.seed to repeat)";
    }

    @Test
    void againstThePlainAndTheDsoapEndpointEveryValueAsAPlainProxyGetsIt() throws Exception {
        String[][] targets = {{plainAddress, "PlainEchoService", "PlainEchoPort"}, {dsoapAddress, "DsoapEchoService", "DsoapEchoPort"}};
        for (String[] t : targets) {
            DifferentialMetroEcho client = client(t[0], t[1], t[2]);
            String service = t[1] + "." + t[2];
            String[] ops = {"echoDoubles", "echoInts", "echoStrings", "sum", "count", "move"};
            java.util.Map<String, long[]> before = new java.util.HashMap<>();
            for (String op : ops) {
                OperationStatsMXBean s = clientStats(service, op); // the proxies of one interface and port share them
                before.put(op, s == null ? new long[2] : new long[] {s.getMessagesWritten(), s.getMessagesRead()});
            }
            MetroGen g = new MetroGen(SEED);
            double[] d = null;
            int[] ints = null;
            String[] strings = null;
            for (int step = 0; step < STEPS; step++) {
                d = g.doubles(d);
                double[] x = step % 15 == 7 ? new double[0] : d;
                assertArrayEquals(plain.echoDoubles(x), client.echoDoubles(x), at(t[1] + " echoDoubles", step));
                ints = g.ints(ints);
                assertArrayEquals(plain.echoInts(ints), client.echoInts(ints), at(t[1] + " echoInts", step));
                strings = g.strings(strings);
                assertArrayEquals(plain.echoStrings(strings), client.echoStrings(strings), at(t[1] + " echoStrings", step));
                double scale = step % 4 == 0 ? MetroGen.EDGE_DOUBLES[g.random.nextInt(MetroGen.EDGE_DOUBLES.length)] : g.dbl();
                assertEquals(Double.doubleToLongBits(plain.sum(x, scale)), Double.doubleToLongBits(client.sum(x, scale)),
                        at(t[1] + " sum", step));
                String[] names = step % 5 == 2 ? null : strings;
                assertEquals(plain.count(x, names), client.count(x, names), at(t[1] + " count", step));
                Point p = step % 7 == 3 ? null : new Point(g.integer(), step % 2 == 0
                        ? MetroGen.EDGE_DOUBLES[step % MetroGen.EDGE_DOUBLES.length] : g.dbl(), step % 5 == 4 ? null : g.text());
                int dx = g.integer();
                Point want = plain.move(p, dx);
                Point got = client.move(p, dx);
                assertTrue(samePoint(want, got), at(t[1] + " move", step) + ": expected " + want + " but got " + got);
            }
            for (String op : ops) {
                OperationStatsMXBean s = clientStats(service, op);
                assertTrue(s != null, "no client MBean of " + service + "/" + op);
                assertEquals(STEPS, s.getMessagesWritten() - before.get(op)[0], service + "/" + op
                        + ": requests written by dsoap; fallbacks " + s.getWriteFallbacks());
                assertEquals(STEPS, s.getMessagesRead() - before.get(op)[1], service + "/" + op
                        + ": answers read by dsoap; fallbacks " + s.getReadFallbacks());
                // the caller got dsoap's values: no answer was read again by Metro's databinding
                assertEquals(java.util.Map.of(), s.getReadFallbacks(), service + "/" + op);
            }
            assertTrue(clientStats(service, "echoDoubles").getBytesSkipped() > 0, "answers read differentially");
        }
    }

    @Test
    void faultsAreMetrosAsAPlainProxyGetsThem() throws Exception {
        Quotes metro = Service.create(URI.create(quotesAddress + "?wsdl").toURL(), new QName(Echo.NS, "QuoteService"))
                .getPort(new QName(Echo.NS, "QuotePort"), Quotes.class);
        DifferentialQuotes dsoap = DsoapMetro.differential(Service.create(URI.create(quotesAddress + "?wsdl").toURL(),
                new QName(Echo.NS, "QuoteService")).getPort(new QName(Echo.NS, "QuotePort"), DifferentialQuotes.class));
        SOAPFaultException want = assertThrows(SOAPFaultException.class, () -> metro.refuse("closed <market> & \"all\""));
        SOAPFaultException got = assertThrows(SOAPFaultException.class, () -> dsoap.refuse("closed <market> & \"all\""));
        assertEquals(want.getFault().getFaultString(), got.getFault().getFaultString());
        assertEquals(want.getFault().getFaultCodeAsQName(), got.getFault().getFaultCodeAsQName());
        assertArrayEquals(metro.quote("ACME", 5), dsoap.quote("ACME", 5), "and the next call is answered");
        assertTrue(dsoap.tick("ACME") > 0);
    }

    @Test
    void theProxySharesMetrosRequestContext() throws Exception {
        DifferentialMetroEcho metro = Service.create(URI.create(plainAddress + "?wsdl").toURL(),
                new QName(MetroEcho.NS, "PlainEchoService")).getPort(new QName(MetroEcho.NS, "PlainEchoPort"),
                DifferentialMetroEcho.class);
        DifferentialMetroEcho dsoap = DsoapMetro.differential(metro);
        ((BindingProvider) dsoap).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, dsoapAddress);
        assertEquals(dsoapAddress, ((BindingProvider) metro).getRequestContext().get(BindingProvider.ENDPOINT_ADDRESS_PROPERTY));
        OperationStatsMXBean server = MetroCarryTest.stats("DsoapEchoService.DsoapEchoPort", "sum");
        long before = server == null ? 0 : server.getMessagesRead();
        assertEquals(6.0, dsoap.sum(new double[] {1, 2}, 2), "called at the address set through the dsoap proxy");
        assertEquals(before + 1, MetroCarryTest.stats("DsoapEchoService.DsoapEchoPort", "sum").getMessagesRead());
        assertTrue(dsoap.toString() != null && dsoap.equals(dsoap));
    }

    /** Applications often make a proxy per call: the proxies of one interface and port share one set of MXBeans. */
    @Test
    void proxiesOfOnePortShareTheirState() throws Exception {
        for (int i = 0; i < 5; i++) {
            assertEquals(3.0, client(plainAddress, "PlainEchoService", "PlainEchoPort").sum(new double[] {1, 2}, 1));
        }
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        int beans = mbs.queryNames(new ObjectName("dev.dsoap:type=MetroOperation,side=client,*"), null).stream()
                .filter(n -> unquote(n.getKeyProperty("service")).equals("PlainEchoService.PlainEchoPort")
                        && unquote(n.getKeyProperty("operation")).equals("sum"))
                .toList().size();
        assertEquals(1, beans, "one MXBean of the port's sum, however many proxies");
    }

    @Test
    void aProxyWhoseInterfaceDoesNotCarryTheAnnotationIsRefused() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> DsoapMetro.differential(plain));
        assertThrows(IllegalArgumentException.class, () -> DsoapMetro.differential("not a proxy"));
    }

    private static boolean samePoint(Point a, Point b) {
        if (a == null || b == null) {
            return a == b;
        }
        return a.getX() == b.getX() && Double.doubleToLongBits(a.getY()) == Double.doubleToLongBits(b.getY())
                && Objects.equals(a.getLabel(), b.getLabel());
    }
}
