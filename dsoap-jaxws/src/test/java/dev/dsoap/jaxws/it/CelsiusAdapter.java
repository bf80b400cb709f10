package dev.dsoap.jaxws.it;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;

/**
 * {@link Celsius} as a {@code Double}. A null temperature would be written as absolute zero, so a runtime that
 * called {@code marshal} for null (CXF's JAXB does not, for a part) would be seen to differ.
 */
public final class CelsiusAdapter extends XmlAdapter<Double, Celsius> {
    @Override
    public Celsius unmarshal(Double v) {
        return new Celsius(v);
    }

    @Override
    public Double marshal(Celsius c) {
        return c == null ? -273.15 : c.degrees;
    }
}
