package dev.dsoap.jaxws.metro;

import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Metro's {@code xml.ws.maximum.*} limits as the defaults of a carried endpoint's parser limits. */
class MetroLimitsTest {
    @Test
    void metrosDefaultsLeaveDsoapsTighterOnes() {
        ParserLimits l = MetroLimits.of(Map.<String, String>of()::get);
        ParserLimits d = ParserLimits.defaults();
        assertEquals(d.maxDepth(), l.maxDepth(), "Metro allows 500, dsoap's 256 stays");
        assertEquals(d.maxAttributes(), l.maxAttributes());
        assertEquals(d.maxAttributeValueBytes(), l.maxAttributeValueBytes());
        assertEquals(Integer.MAX_VALUE, l.maxChildElements(), "neither bounds children");
        assertEquals(d.maxTextBytes(), l.maxTextBytes());
    }

    @Test
    void metrosPropertiesTightenThem() {
        Map<String, String> p = Map.of("xml.ws.maximum.ElementDepth", "40", "xml.ws.maximum.AttributesPerElement", "8",
                "xml.ws.maximum.AttributeSize", "100", "xml.ws.maximum.ChildrenPerElement", "5000",
                "xml.ws.maximum.Characters", "1000000");
        ParserLimits l = MetroLimits.of(p::get);
        assertEquals(40, l.maxDepth());
        assertEquals(8, l.maxAttributes());
        assertEquals(100, l.maxAttributeValueBytes());
        assertEquals(5000, l.maxChildElements());
        assertEquals(1_000_000, l.maxTextBytes());
    }

    @Test
    void valuesMetroIgnoresAreIgnored() {
        Map<String, String> p = Map.of("xml.ws.maximum.ElementDepth", "-1", "xml.ws.maximum.AttributesPerElement", "x",
                "xml.ws.maximum.ChildrenPerElement", "0", "xml.ws.maximum.AttributeSize", "3000000000");
        ParserLimits l = MetroLimits.of(p::get);
        ParserLimits d = ParserLimits.defaults();
        assertEquals(d.maxDepth(), l.maxDepth());
        assertEquals(d.maxAttributes(), l.maxAttributes());
        assertEquals(Integer.MAX_VALUE, l.maxChildElements());
        assertEquals(d.maxAttributeValueBytes(), l.maxAttributeValueBytes(), "an int Metro cannot read: its default");
    }
}
