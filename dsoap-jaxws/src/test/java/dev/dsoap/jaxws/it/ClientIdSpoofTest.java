package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.quality.QualityWire;
import dev.dsoap.testing.CallerProbe;
import dev.dsoap.testing.CallerProbe.Answer;
import dev.dsoap.testing.CallerProbe.Caller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whoever learns a client's id cannot steer that client's state: the id is bound to the caller and address it comes
 * with. On a real CXF endpoint, an attacker sending the victim's {@code X-Dsoap-Client} from another address (or with
 * other credentials) gets a quality estimate and a kept read state of its own; the victim's variant and its
 * differential reads are untouched.
 */
@Timeout(120)
class ClientIdSpoofTest {
    private static final String VICTIM = "0123456789abcdef0123456789abcdef";
    private static Cxf server;
    private static int bondsPort;
    private static int echoPort;

    @BeforeAll
    static void start() throws Exception {
        server = new Cxf();
        bondsPort = URI.create(server.publish(new DsoapBondsImpl())).getPort();
        echoPort = URI.create(server.publish(new DsoapEchoImpl())).getPort();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Caller caller(String path, String... headers) {
        String[] all = new String[headers.length + 4];
        all[0] = "SOAPAction";
        all[1] = "\"\"";
        all[2] = "X-Dsoap-Client";
        all[3] = VICTIM;
        System.arraycopy(headers, 0, all, 4, headers.length);
        return Caller.of("c", path, all);
    }

    private static String variant(Answer a) {
        assertEquals(200, a.status(), a.text());
        String h = a.header(QualityWire.ANSWER).get(0);
        int at = h.indexOf("variant=");
        return at < 0 ? "full" : h.substring(at + 8).split(";")[0].trim(); // the full message names no variant
    }

    @Test
    void anotherCallerWithTheVictimsIdDoesNotSteerItsVariant() throws Exception {
        Assumptions.assumeTrue(CallerProbe.secondLoopbackAddress(), "127.0.0.2 cannot be bound here");
        CallerProbe bonds = new CallerProbe(bondsPort, ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Body><ns:getBonds xmlns:ns=\"" + Echo.NS + "\"><from>1</from><count>4</count></ns:getBonds>"
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8), "text/xml; charset=UTF-8");
        String path = "/DsoapBondsImpl";
        for (int i = 0; i < 3; i++) {
            assertEquals("full", variant(bonds.post(caller(path, QualityWire.REQUEST, "sent=" + i + "; rtt=2"))), "victim");
        }
        Caller fromElsewhere = caller(path, QualityWire.REQUEST, "sent=9; rtt=900").from("127.0.0.2");
        Caller otherCredentials = caller(path, QualityWire.REQUEST, "sent=9; rtt=900", "Authorization", "Basic bWFsbG9yeTp4");
        for (int i = 0; i < 5; i++) {
            assertEquals("one", variant(bonds.post(fromElsewhere)), "the attacker gets its own estimate's variant");
            assertEquals("one", variant(bonds.post(otherCredentials)), "so does one with other credentials");
            assertEquals("full", variant(bonds.post(caller(path, QualityWire.REQUEST, "sent=" + (10 + i) + "; rtt=2"))),
                    "the victim keeps its own");
        }
        OperationStatsMXBean s = server.stats("server", "BondService.BondPort", "getBonds");
        assertTrue(s.getQualityPeers().size() >= 3, "three peers, not one: " + s.getQualityPeers());
    }

    @Test
    void anotherCallerWithTheVictimsIdDoesNotTakeItsKeptMessage() throws Exception {
        Assumptions.assumeTrue(CallerProbe.secondLoopbackAddress(), "127.0.0.2 cannot be bound here");
        long seed = 0x5B00FL;
        Random r = new Random(seed);
        double[] mine = new double[2000];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = r.nextDouble() * 1000;
        }
        String path = "/DsoapEchoImpl";
        Caller victim = caller(path);
        Caller attacker = caller(path).from("127.0.0.2");
        OperationStatsMXBean s = server.stats("server", "EchoService.EchoPort", "echoDoubles", true);
        for (int round = 0; round < 4; round++) {
            mine[r.nextInt(mine.length)] = r.nextDouble(); // the victim's next message is close to its last
            byte[] own = echo(mine);
            assertEquals(200, new CallerProbe(echoPort, own, "text/xml; charset=UTF-8").post(victim).status());
            double[] theirs = new double[mine.length];
            for (int i = 0; i < theirs.length; i++) {
                theirs[i] = -r.nextDouble() * 1e6;
            }
            assertEquals(200, new CallerProbe(echoPort, echo(theirs), "text/xml; charset=UTF-8").post(attacker).status());
            mine[r.nextInt(mine.length)] = r.nextDouble();
            byte[] next = echo(mine);
            s = server.stats("server", "EchoService.EchoPort", "echoDoubles");
            long skipped = s.getBytesSkipped();
            assertEquals(200, new CallerProbe(echoPort, next, "text/xml; charset=UTF-8").post(victim).status());
            long skippedNow = s.getBytesSkipped() - skipped;
            assertTrue(skippedNow > next.length * 8L / 10, "seed " + seed + ", round " + round
                    + ": the victim's message was read against its own last one: " + skippedNow + " of " + next.length
                    + " bytes skipped");
        }
    }

    private static byte[] echo(double[] v) {
        StringBuilder b = new StringBuilder("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns:echoDoubles xmlns:ns=\"" + Echo.NS + "\">");
        for (double d : v) {
            b.append("<values>").append(d).append("</values>");
        }
        return b.append("</ns:echoDoubles></soap:Body></soap:Envelope>").toString().getBytes(StandardCharsets.UTF_8);
    }
}
