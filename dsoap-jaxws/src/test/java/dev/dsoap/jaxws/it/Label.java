package dev.dsoap.jaxws.it;

import java.util.Objects;

/** A text value class bound through {@link LabelAdapter}. */
public final class Label {
    final String text;

    public Label(String text) {
        this.text = text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Label l && Objects.equals(text, l.text);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(text);
    }

    @Override
    public String toString() {
        return "Label(" + text + ")";
    }
}
