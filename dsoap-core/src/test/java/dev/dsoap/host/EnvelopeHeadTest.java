package dev.dsoap.host;

import dev.dsoap.binding.SoapVersion;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlScanner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvelopeHeadTest {
    private final XmlScanner sc = new XmlScanner(ParserLimits.defaults());

    private EnvelopeHead read(String xml) {
        byte[] b = xml.getBytes(StandardCharsets.UTF_8);
        return EnvelopeHead.read(sc, b, b.length);
    }

    @Test
    void findsTheBodysFirstElementPastHeaderBlocks() {
        EnvelopeHead h = read("<?xml version='1.0'?><e:Envelope xmlns:e=\"http://www.w3.org/2003/05/soap-envelope\">"
                + "<e:Header><a:To xmlns:a=\"urn:a\"><x/>to</a:To><a:Id xmlns:a=\"urn:a\"/></e:Header>"
                + "<e:Body> <op:echo xmlns:op=\"urn:op\"><v>1</v></op:echo></e:Body></e:Envelope>");
        assertEquals(SoapVersion.SOAP_12, h.version());
        assertTrue(h.headerBlocks());
        assertFalse(h.fault());
        assertEquals("urn:op", h.namespace());
        assertEquals("echo", h.localName());
    }

    @Test
    void emptyHeaderEmptyBodyFaultAndNotSoap() {
        String env = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">";
        EnvelopeHead h = read(env + "<s:Header/><s:Body/></s:Envelope>");
        assertEquals(SoapVersion.SOAP_11, h.version());
        assertFalse(h.headerBlocks());
        assertNull(h.localName());
        assertTrue(read(env + "<s:Body><s:Fault><faultcode>s:Server</faultcode></s:Fault></s:Body></s:Envelope>").fault());
        assertNull(read("<Envelope><Body/></Envelope>").version());
        assertNull(read("<x:Envelope xmlns:x=\"urn:other\"/>").version());
    }

    @Test
    void aHostileStartFailsWithTheParsersMessage() {
        XmlParseException e = assertThrows(XmlParseException.class,
                () -> read("<!DOCTYPE s [<!ENTITY x \"y\">]><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"/>"));
        assertEquals(XmlParseException.Kind.FORBIDDEN, e.kind());
    }
}
