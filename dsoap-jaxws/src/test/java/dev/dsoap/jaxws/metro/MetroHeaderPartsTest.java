package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.Test;

import javax.xml.namespace.QName;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * SOAP header parameters ({@code @WebParam(header = true)}) on Metro: a plain and a {@code @DifferentialSoap} endpoint,
 * called by plain Metro proxies with a generated sequence (tokens with markup, tabs, non-ASCII and surrogate pairs,
 * absent tokens and scales, edge doubles, a primitive header parameter): the same answers, every call carried (the
 * body read by dsoap, the header parameters from Metro's header list); a header block that does not spell its
 * parameter's type, and an absent primitive header parameter, answered as plain Metro answers them.
 */
class MetroHeaderPartsTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261202L);
    private static final int CALLS = 40;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MAX_VALUE, 1.0 / 3};
    private static final String[] TOKENS = {"t", "&<>\"'", "tab\there", "gr\u00fc\u00dfe \ud834\udd1e", "", null};

    @Test
    void headerParametersAnswerAsPlainMetroAndAreCarried() throws Exception {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        Endpoint plainEndpoint = Endpoint.publish(base + "/plainHeaders", new MetroHeaderLogic.Plain());
        Endpoint dsoapEndpoint = Endpoint.publish(base + "/dsoapHeaders", new MetroHeaderLogic.Dsoap());
        try {
            MetroHeaderEcho plain = Service.create(URI.create(base + "/plainHeaders?wsdl").toURL(),
                    new QName(MetroEcho.NS, "PlainHeaderService")).getPort(new QName(MetroEcho.NS, "PlainHeaderPort"),
                    MetroHeaderEcho.class);
            MetroHeaderEcho dsoap = Service.create(URI.create(base + "/dsoapHeaders?wsdl").toURL(),
                    new QName(MetroEcho.NS, "DsoapHeaderService")).getPort(new QName(MetroEcho.NS, "DsoapHeaderPort"),
                    MetroHeaderEcho.class);
            Random r = new Random(SEED);
            double[] v = new double[50];
            for (int call = 0; call < CALLS; call++) {
                for (int k = 0; k < 5; k++) {
                    v[r.nextInt(v.length)] = r.nextInt(4) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextGaussian() * 1e3;
                }
                String token = TOKENS[call % TOKENS.length];
                Double scale = call % 7 == 3 ? null : EDGES[r.nextInt(EDGES.length)];
                String where = "call " + call + " (seed " + SEED + ")";
                assertEquals(plain.stamp(v, token, scale), dsoap.stamp(v, token, scale), where + ": stamp");
                double x = r.nextGaussian();
                double factor = EDGES[r.nextInt(EDGES.length)];
                assertEquals(Double.doubleToRawLongBits(plain.scaled(x, factor)),
                        Double.doubleToRawLongBits(dsoap.scaled(x, factor)), where + ": scaled");
                // an in-out header parameter: the request read by dsoap, the answer (with the header) Metro's
                Integer count = call % 5 == 2 ? null : call;
                jakarta.xml.ws.Holder<Integer> plainCount = new jakarta.xml.ws.Holder<>(count);
                jakarta.xml.ws.Holder<Integer> dsoapCount = new jakarta.xml.ws.Holder<>(count);
                assertEquals(Double.doubleToRawLongBits(plain.total(v, plainCount)),
                        Double.doubleToRawLongBits(dsoap.total(v, dsoapCount)), where + ": total");
                assertEquals(plainCount.value, dsoapCount.value, where + ": total's count");
            }
            OperationStatsMXBean totals = MetroCarryTest.stats("DsoapHeaderService.DsoapHeaderPort", "total");
            assertEquals(CALLS, totals.getMessagesRead(), "total: requests read by dsoap " + totals.getReadFallbacks());
            assertEquals(Map.of(), totals.getReadFallbacks(), "total");
            assertEquals(Map.of("UNSUPPORTED_TYPE", (long) CALLS), totals.getWriteFallbacks(), "total: answers Metro's");
            for (String op : new String[] {"stamp", "scaled"}) {
                OperationStatsMXBean s = MetroCarryTest.stats("DsoapHeaderService.DsoapHeaderPort", op);
                assertEquals(CALLS, s.getMessagesRead(), op + " " + s.getReadFallbacks());
                assertEquals(CALLS, s.getMessagesWritten(), op + " " + s.getWriteFallbacks());
                assertEquals(Map.of(), s.getReadFallbacks(), op);
            }
            // a scale that is no double, and a primitive factor absent: as plain Metro answers them
            for (String[] req : new String[][] {
                    {"stamp", "<h:scale xmlns:h=\"" + MetroEcho.NS + "\">abc</h:scale>",
                            "<m:stamp xmlns:m=\"" + MetroEcho.NS + "\"><values>1.5</values></m:stamp>"},
                    {"scaled", "", "<m:scaled xmlns:m=\"" + MetroEcho.NS + "\"><x>2.5</x></m:scaled>"}}) {
                String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Header>" + req[1]
                        + "</S:Header><S:Body>" + req[2] + "</S:Body></S:Envelope>";
                HttpResponse<String> p = post(base + "/plainHeaders", envelope);
                HttpResponse<String> d = post(base + "/dsoapHeaders", envelope);
                assertEquals(p.statusCode(), d.statusCode(), req[0] + ": " + p.body() + " / " + d.body());
                assertEquals(faultCode(p.body()), faultCode(d.body()), req[0] + ": " + p.body() + " / " + d.body());
                assertEquals(returned(p.body()), returned(d.body()), req[0] + ": " + p.body() + " / " + d.body());
            }
            // JAXB reads "abc" as Metro's databinding does (leniently: no value), so dsoap carried that call too; the
            // primitive factor absent failed the call as on plain Metro (Metro's fault)
            OperationStatsMXBean s = MetroCarryTest.stats("DsoapHeaderService.DsoapHeaderPort", "stamp");
            assertEquals(CALLS + 1, s.getMessagesRead());
            assertEquals(Map.of(), s.getReadFallbacks());
            OperationStatsMXBean f = MetroCarryTest.stats("DsoapHeaderService.DsoapHeaderPort", "scaled");
            assertEquals(Map.of("FAULT", 1L), f.getWriteFallbacks());
        } finally {
            plainEndpoint.stop();
            dsoapEndpoint.stop();
        }
    }

    private static HttpResponse<String> post(String address, String envelope) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(address))
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String faultCode(String body) {
        int i = body.indexOf("faultcode>");
        return i < 0 ? null : body.substring(i + 10, body.indexOf('<', i + 10));
    }

    private static String returned(String body) {
        int i = body.indexOf("<return>");
        return i < 0 ? null : body.substring(i + 8, body.indexOf('<', i + 8));
    }
}
