package com.example.quotes;

import dev.dsoap.host.OperationStatsMXBean;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The application on Boot's embedded Tomcat at 127.0.0.1 (a random port), called by a plain JAX-WS proxy at CXF's
 * default settings (no dsoap on the client). A sequence of posts changes a tenth of the quotes each time, edge
 * values among them; every answer is checked bit for bit, and dsoap's counters are read over JMX, and as Micrometer
 * meters from Boot's registry and Actuator's metrics endpoint (no configuration: Actuator on the class path is enough).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "server.address=127.0.0.1")
class QuoteBoardApplicationTest {
    private static final int QUOTES = 2_000;
    private static final int CALLS = 30;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MIN_NORMAL, 2.0e-310, Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, 0.1, 7};
    private static final String[] SYMBOLS = {"AAPL", "AT&T", "BMW.DE", "Nestlé", "7203.T", "<none>", "X"};

    @Value("${local.server.port}")
    int port;

    @Autowired
    MeterRegistry registry;

    private static double price(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> EDGES[r.nextInt(EDGES.length)];
            case 1 -> r.nextInt(1000);
            case 2 -> r.nextDouble() * 1e-200;
            default -> Math.round(r.nextDouble() * 1e6) / 100.0;
        };
    }

    @Test
    void aPlainClientGetsItsQuotesBackBitForBit() throws Exception {
        String address = "http://127.0.0.1:" + port + "/services/quotes";
        Service service = Service.create(URI.create(address + "?wsdl").toURL(),
                new QName(QuoteBoard.NS, "QuoteBoardService"));
        QuoteBoard board = service.getPort(new QName(QuoteBoard.NS, "QuoteBoardPort"), QuoteBoard.class);
        long seed = Long.getLong("example.seed", System.nanoTime());
        Random r = new Random(seed);
        List<Quote> quotes = new ArrayList<>();
        for (int i = 0; i < QUOTES; i++) {
            double bid = Math.round(r.nextDouble() * 1e5) / 100.0;
            quotes.add(new Quote("SYM" + i, bid, bid + 0.01, 1_700_000_000_000L + i));
        }
        for (int call = 0; call < CALLS; call++) {
            if (call > 0) {
                for (int k = 0; k < QUOTES / 10; k++) {
                    Quote q = quotes.get(r.nextInt(QUOTES));
                    q.setBid(price(r));
                    q.setAsk(price(r));
                    q.setTime(q.getTime() + r.nextInt(1000));
                    if (r.nextInt(20) == 0) {
                        q.setSymbol(SYMBOLS[r.nextInt(SYMBOLS.length)]);
                    }
                }
            }
            List<Quote> back = board.post(quotes);
            String where = "seed " + seed + " (-Dexample.seed=" + seed + ") call " + call;
            assertEquals(quotes.size(), back.size(), where);
            for (int i = 0; i < quotes.size(); i++) {
                Quote sent = quotes.get(i);
                Quote got = back.get(i);
                if (!sent.getSymbol().equals(got.getSymbol()) || sent.getTime() != got.getTime()
                        || Double.doubleToRawLongBits(sent.getBid()) != Double.doubleToRawLongBits(got.getBid())
                        || Double.doubleToRawLongBits(sent.getAsk()) != Double.doubleToRawLongBits(got.getAsk())) {
                    throw new AssertionError(where + " quote " + i + ": sent " + text(sent) + ", got " + text(got));
                }
            }
        }

        OperationStatsMXBean stats = serverStats("post");
        String report = "read " + stats.getMessagesRead() + ", written " + stats.getMessagesWritten() + ", identical "
                + stats.getReadsIdentical() + ", resumed " + stats.getReadsResumed() + ", read fallbacks "
                + stats.getReadFallbacks() + ", write fallbacks " + stats.getWriteFallbacks() + ", matches "
                + stats.getWriteMatches() + ", retained " + stats.getRetainedBytes() + " B";
        System.out.println("QuoteBoard post: " + report);
        assertEquals(CALLS, stats.getMessagesRead(), "requests dsoap read: " + report);
        assertEquals(CALLS, stats.getMessagesWritten(), "answers dsoap wrote: " + report);
        assertEquals(Map.of(), stats.getReadFallbacks(), report);
        assertEquals(Map.of(), stats.getWriteFallbacks(), report);
        assertEquals(CALLS - 1, stats.getReadsIdentical() + stats.getReadsResumed(),
                "requests not read against the client's last one: " + report);

        // the same counters as Micrometer meters, bound by dsoap's auto-configuration to Boot's registry
        double read = registry.get("dsoap.messages.read").tag("side", "server").tag("operation", "post")
                .functionCounter().count();
        assertEquals(CALLS, read, "dsoap.messages.read in Boot's registry");
        assertTrue(registry.get("dsoap.memory.used").gauge().value() > 0, "dsoap.memory.used in Boot's registry");
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/actuator/metrics/dsoap.messages.read?tag=operation:post")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, metrics.statusCode(), metrics.body());
        assertTrue(metrics.body().contains("\"value\":" + (double) CALLS), "/actuator/metrics: " + metrics.body());
    }

    private static String text(Quote q) {
        return q.getSymbol() + " " + q.getBid() + "/" + q.getAsk() + " @" + q.getTime();
    }

    /** dsoap's MBean of a server operation, found by its name pattern and read through its MXBean interface. */
    private static OperationStatsMXBean serverStats(String operation) throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,side=server,operation="
                + ObjectName.quote(operation) + ",*"), null);
        assertEquals(1, names.size(), "dsoap's MBeans: " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        return JMX.newMXBeanProxy(mbs, names.iterator().next(), OperationStatsMXBean.class);
    }
}
