package dev.dsoap.jaxws.it;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;

/** {@link Label} as its text, marked so that a value that skipped the adapter would show. */
public final class LabelAdapter extends XmlAdapter<String, Label> {
    @Override
    public Label unmarshal(String v) {
        return new Label(v.startsWith("L:") ? v.substring(2) : "unmarked " + v);
    }

    @Override
    public String marshal(Label l) {
        return l == null ? null : "L:" + l.text;
    }
}
