package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.BenchPlans;
import org.junit.jupiter.api.Test;

import javax.xml.stream.XMLStreamException;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WoodstoxReaderTest extends ReaderContract {
    private final WoodstoxReader reader = new WoodstoxReader();

    @Override
    double[] read(byte[] message) throws Exception {
        return reader.read(message);
    }

    static byte[] request(String header, String items) {
        return ("<?xml version='1.0' encoding='UTF-8'?>\n<s:Envelope xmlns:s='" + BenchPlans.SOAP11 + "'>\n" + header
                + "<s:Body>\n  <e:echo xmlns:e='" + BenchPlans.NS + "'>" + items + "</e:echo>\n</s:Body>\n</s:Envelope>\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void whitespaceHeaderCommentsAndOtherPrefixes() throws Exception {
        byte[] m = request("<s:Header><x:h xmlns:x='urn:x'><x:k>1</x:k></x:h></s:Header>\n",
                "\n    <arg0> 1.5 </arg0><!-- c -->\n    <arg0>\n\t-INF\t</arg0> <arg0>+INF</arg0><arg0>  NaN</arg0>"
                        + "<arg0>-0.0</arg0><arg0>1.0E-3</arg0><arg0>2e2</arg0>\n  ");
        assertBitsEqual(new double[]{1.5, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, -0.0, 0.001,
                200.0}, reader.read(m), "hand-written request");
        assertBitsEqual(new double[0], reader.read(request("", "")), "no items");
    }

    @Test
    void rejectsWrongNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> reader.read(request("", "<arg0>1</arg0><arg1>2</arg1>")));
        assertTrue(e.getMessage().startsWith("item 1: expected {}arg0, found {}arg1"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> reader.read(request("", "<e:arg0>1</e:arg0>")), "qualified item");
        byte[] wrongOp = ("<s:Envelope xmlns:s='" + BenchPlans.SOAP11 + "'><s:Body><e:other xmlns:e='" + BenchPlans.NS
                + "'/></s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
        assertThrows(IllegalArgumentException.class, () -> reader.read(wrongOp));
        byte[] soap12 = ("<s:Envelope xmlns:s='http://www.w3.org/2003/05/soap-envelope'><s:Body/></s:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
        e = assertThrows(IllegalArgumentException.class, () -> reader.read(soap12));
        assertTrue(e.getMessage().startsWith("envelope: expected {" + BenchPlans.SOAP11 + "}Envelope"), e.getMessage());
    }

    @Test
    void rejectsBadNumbersAndMalformedXml() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> reader.read(request("", "<arg0>1</arg0><arg0>one</arg0>")));
        assertTrue(e.getMessage().startsWith("item 1: 'one'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> reader.read(request("", "<arg0/>")));
        assertThrows(XMLStreamException.class, () -> reader.read(request("", "<arg0>1</arg1>")));
        assertThrows(XMLStreamException.class, () -> reader.read(request("", "<arg0>1<b/></arg0>")));
    }

    @Test
    void refusesDtds() {
        byte[] m = ("<?xml version='1.0'?><!DOCTYPE s:Envelope [<!ENTITY x '1.5'>]><s:Envelope xmlns:s='"
                + BenchPlans.SOAP11 + "'><s:Body><e:echo xmlns:e='" + BenchPlans.NS
                + "'><arg0>&x;</arg0></e:echo></s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
        assertThrows(XMLStreamException.class, () -> reader.read(m));
    }
}
