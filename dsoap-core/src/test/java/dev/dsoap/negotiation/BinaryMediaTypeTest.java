package dev.dsoap.negotiation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who asks for binary: only a peer that names dsoap's media type with a q-value above 0 and not below what it
 * gives the XML type; what plain SOAP clients send (CXF's, Axis2's, zeep's, none at all) never does, nor does a
 * header that cannot be parsed.
 */
class BinaryMediaTypeTest {
    private static final String SOAP11 = "text/xml";
    private static final String SOAP12 = "application/soap+xml";

    @Test
    void theContentTypeIsTheBinaryTypeWithOrWithoutParameters() {
        assertTrue(BinaryMediaType.is("application/vnd.dsoap.binary"));
        assertTrue(BinaryMediaType.is("Application/VND.dsoap.Binary; format=00ff"));
        assertTrue(BinaryMediaType.is("application/vnd.dsoap.binary\t;q=1"));
        assertFalse(BinaryMediaType.is("application/vnd.dsoap.binaryx"));
        assertFalse(BinaryMediaType.is("application/vnd.dsoap.bin"));
        assertFalse(BinaryMediaType.is("text/xml; charset=UTF-8"));
        assertFalse(BinaryMediaType.is(""));
        assertFalse(BinaryMediaType.is(null));
    }

    @Test
    void aFormatParameterNamesTheOnlyAnswerTheClientReads() {
        String accept = BinaryMediaType.accept("text/xml", "00112233aabbccdd");
        assertTrue(BinaryMediaType.asked(accept, "text/xml", "00112233AABBCCDD"));
        assertFalse(BinaryMediaType.asked(accept, "text/xml", "00112233aabbccde"));
        assertTrue(BinaryMediaType.asked(accept, "text/xml"), "without a format of its own, any binary answer");
        assertTrue(BinaryMediaType.asked(BinaryMediaType.NAME + ";format=\"00112233aabbccdd\"", "text/xml", "00112233aabbccdd"));
        assertTrue(BinaryMediaType.asked(BinaryMediaType.NAME, "text/xml", "00112233aabbccdd"), "no parameter: any format");
        assertFalse(BinaryMediaType.asked(BinaryMediaType.NAME + ";format=x;q=0, text/xml", "text/xml", "x"));
    }

    @Test
    void plainClientsNeverAskForBinary() {
        for (String accept : new String[] {null, "", "*/*", "text/xml", "text/xml, multipart/related",
                "application/soap+xml, application/dime, multipart/related, text/*",
                "text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2", "application/*", "application/vnd.dsoap.binary2",
                "application/vnd.dsoap", "xapplication/vnd.dsoap.binary"}) {
            assertFalse(BinaryMediaType.asked(accept, SOAP11), String.valueOf(accept));
            assertFalse(BinaryMediaType.asked(accept, SOAP12), String.valueOf(accept));
        }
    }

    @Test
    void dsoapClientsAskAndQValuesDecide() {
        assertTrue(BinaryMediaType.asked(BinaryMediaType.accept(SOAP11), SOAP11));
        assertTrue(BinaryMediaType.asked(BinaryMediaType.accept(SOAP12), SOAP12));
        assertTrue(BinaryMediaType.asked("Application/VND.dsoap.Binary", SOAP11), "media types ignore case");
        assertTrue(BinaryMediaType.asked("text/xml;q=0.5, application/vnd.dsoap.binary;q=0.5", SOAP11), "a tie goes to binary");
        assertTrue(BinaryMediaType.asked("application/vnd.dsoap.binary ; v=1 ; q=1.000, */*;q=0.1", SOAP11));
        assertTrue(BinaryMediaType.asked("text/*;q=0.2, application/vnd.dsoap.binary;q=0.3", SOAP11));
        assertTrue(BinaryMediaType.asked("text/xml;q=0, */*, application/vnd.dsoap.binary;q=0.001", SOAP11),
                "the most specific range gives the XML type's q-value");
        assertFalse(BinaryMediaType.asked("application/vnd.dsoap.binary;q=0", SOAP11), "q=0 refuses");
        assertFalse(BinaryMediaType.asked("application/vnd.dsoap.binary;q=0.5, text/xml", SOAP11), "XML preferred");
        assertFalse(BinaryMediaType.asked("application/vnd.dsoap.binary;q=0.5, */*", SOAP11), "XML preferred by a wildcard");
        assertTrue(BinaryMediaType.asked("application/vnd.dsoap.binary;q=0.5, text/xml;q=0.4, */*", SOAP11));
        assertFalse(BinaryMediaType.asked("application/vnd.dsoap.binary;q=0.5, application/soap+xml", SOAP12));
        assertTrue(BinaryMediaType.asked("application/vnd.dsoap.binary;q=0.5, application/soap+xml;q=0.1, text/xml", SOAP12));
        assertTrue(BinaryMediaType.asked(" , application/vnd.dsoap.binary ,", SOAP11), "empty list elements are allowed");
        assertTrue(BinaryMediaType.asked("application/vnd.dsoap.binary; ;q=1;", SOAP11), "so are empty parameters");
    }

    /** The binary type is matched in any case, wherever it stands in the header; spelled otherwise, it is not asked. */
    @Test
    void theBinaryTypeIsFoundInAnyCaseAndOnlyWhenSpelledWhole() {
        assertTrue(BinaryMediaType.asked("text/xml;q=0.5, APPLICATION/VND.DSOAP.Binary", "text/xml"));
        assertTrue(BinaryMediaType.asked("Application/Vnd.Dsoap.Binary;format=00112233AABBCCDD, text/xml;q=0.9",
                "text/xml", "00112233aabbccdd"));
        for (String accept : new String[] {"application/vnd.dsoap.binar", "application/vnd.dsoap.*",
                "application/vnd.dsoap.binary2", "xapplication/vnd.dsoap.binary", "application/*;q=1, text/xml;q=0.1"}) {
            assertFalse(BinaryMediaType.asked(accept, "text/xml"), accept);
        }
    }

    @Test
    void malformedHeadersAskForNothing() {
        for (String accept : new String[] {"application/vnd.dsoap.binary;q=2", "application/vnd.dsoap.binary;q=0.5x",
                "application/vnd.dsoap.binary;q=1.5", "application/vnd.dsoap.binary;q=0.1234", "application/vnd.dsoap.binary;q=",
                "application/vnd.dsoap.binary;q=-1", "application/vnd.dsoap.binary, /xml", "application/vnd.dsoap.binary, text/",
                "application/vnd.dsoap.binary, */xml", "application/vnd.dsoap.binary, te xt/xml", "application/vnd.dsoap.binary;v", "application/vnd.dsoap.binary;=1",
                "application/vnd.dsoap.binary" + ", text/xml;q=0.1".repeat(64),
                "application/vnd.dsoap.binary, text/xml;q=0.1;" + "x".repeat(BinaryMediaType.MAX_HEADER)}) {
            assertFalse(BinaryMediaType.asked(accept, SOAP11), accept.length() > 80 ? accept.substring(0, 80) + "..." : accept);
        }
    }

    @Test
    void theClientsAcceptValue() {
        assertEquals("application/vnd.dsoap.binary, text/xml;q=0.9", BinaryMediaType.accept(SOAP11));
    }
}
