package dev.dsoap.binding;

/** Element {@code index} of an {@code Object[]}: one part of an operation's parameters. */
final class PartAccessor implements Accessor {
    /** Position of the part in the argument array. */
    private final int index;

    PartAccessor(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("part index " + index + " < 0");
        }
        this.index = index;
    }

    @Override
    public Object get(Object owner) {
        return ((Object[]) owner)[index];
    }

    @Override
    public String toString() {
        return "part[" + index + "]";
    }
}
