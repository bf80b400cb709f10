package dev.dsoap.binding;

import java.lang.reflect.Type;

/**
 * The accessors and mutators of ADB bean properties ({@link WireConvention.BeanStyle#ADB}): they keep
 * ADB's tracker and "unset value" rules, and refuse, with {@link UnsupportedValueException}, the values
 * ADB's own serializer would refuse or drop, so that whatever dsoap writes is what ADB writes. Stateless.
 */
final class AdbMembers {
    private AdbMembers() {
    }

    /** The type a property's plan node has: an optional primitive is boxed, as it may be unset (null). */
    static Type nodeType(Property p) {
        if (p.specified != null && p.type instanceof Class<?> c && c.isPrimitive()) {
            return java.lang.invoke.MethodType.methodType(c).wrap().returnType();
        }
        return p.type;
    }

    /**
     * Checks of the compile-time kind: ADB types a plan cannot express the way ADB writes them.
     *
     * @throws UnsupportedTypeException for them
     */
    static void check(Property p, String path) {
        if (p.type == byte[].class) {
            // ADB's byte[] is a list of xs:byte elements; a plan writes byte[] as base64
            throw new UnsupportedTypeException(path, "byte[]", "ADB writes byte[] as repeated xs:byte elements");
        }
    }

    static Accessor accessor(Property p, Accessor base, String path) {
        Class<?> raw = Types.raw(p.type);
        Accessor checked = base;
        if (raw != null && raw.isPrimitive()) {
            checked = raw == boolean.class ? base : new Unset(base, raw, path);
        } else if (raw != null && raw.isArray()) {
            checked = new Items(base, p.nillable, path);
        } else if (!p.nillable && !p.attribute) {
            checked = new Required(base, path);
        }
        if (p.specified != null) {
            return new Tracked(Accessors.getter(p.specified, path), checked);
        }
        return checked;
    }

    static Mutator mutator(Property p, Mutator base) {
        Class<?> raw = Types.raw(p.type);
        if (base == null || raw == null) {
            return base;
        }
        if (raw.isArray()) {
            return Mutators.noItemsIsNull(base); // ADB never calls the setter, so the property stays unset
        }
        if (p.specified == null || !raw.isPrimitive()) {
            return base;
        }
        return new Unsettable(base, unset(raw));
    }

    /** ADB's "unset" value of primitive type {@code c}, boxed; {@code null} for boolean (none). */
    private static Object unset(Class<?> c) {
        if (c == int.class) {
            return Integer.MIN_VALUE;
        } else if (c == long.class) {
            return Long.MIN_VALUE;
        } else if (c == short.class) {
            return Short.MIN_VALUE;
        } else if (c == byte.class) {
            return Byte.MIN_VALUE;
        } else if (c == float.class) {
            return Float.NaN;
        } else if (c == double.class) {
            return Double.NaN;
        }
        return null;
    }

    private static UnsupportedValueException refused(String path, String what) {
        return new UnsupportedValueException(path + ": " + what + " (ADB refuses or drops it)");
    }

    /** An optional property: {@code null} while ADB's tracker says it is unset, else the value. */
    private record Tracked(Accessor specified, Accessor value) implements Accessor {
        @Override
        public Object get(Object owner) {
            return specified.getBoolean(owner) ? value.get(owner) : null;
        }
    }

    /** A required primitive: ADB refuses to write its "unset" value. */
    private record Unset(Accessor base, Class<?> type, String path) implements Accessor {
        @Override
        public Object get(Object owner) {
            Object v = base.get(owner);
            if (v.equals(unset(type))) {
                throw refused(path, "the unset value " + v);
            }
            return v;
        }

        @Override
        public int getInt(Object owner) {
            int v = base.getInt(owner);
            if ((type == int.class && v == Integer.MIN_VALUE) || (type == short.class && v == Short.MIN_VALUE)
                    || (type == byte.class && v == Byte.MIN_VALUE)) {
                throw refused(path, "the unset value " + v);
            }
            return v;
        }

        @Override
        public long getLong(Object owner) {
            long v = base.getLong(owner);
            if (v == Long.MIN_VALUE) {
                throw refused(path, "the unset value " + v);
            }
            return v;
        }

        @Override
        public float getFloat(Object owner) {
            float v = base.getFloat(owner);
            if (Float.isNaN(v)) {
                throw refused(path, "NaN, ADB's unset value");
            }
            return v;
        }

        @Override
        public double getDouble(Object owner) {
            double v = base.getDouble(owner);
            if (Double.isNaN(v)) {
                throw refused(path, "NaN, ADB's unset value");
            }
            return v;
        }
    }

    /** A required element that is not nillable: ADB refuses null. */
    private record Required(Accessor base, String path) implements Accessor {
        @Override
        public Object get(Object owner) {
            Object v = base.get(owner);
            if (v == null) {
                throw refused(path, "null for an element that is neither optional nor nillable");
            }
            return v;
        }
    }

    /** An array: ADB refuses a null one and drops unset primitive items and (unless nillable) null items. */
    private record Items(Accessor base, boolean nillable, String path) implements Accessor {
        @Override
        public Object get(Object owner) {
            Object v = base.get(owner);
            if (v == null) {
                throw refused(path, "a null array");
            }
            // ADB reads array items with Double.parseDouble, which refuses the schema's INF, and writes
            // infinities as Java's "Infinity": leave arrays holding them to ADB
            if (v instanceof double[] a) {
                for (double x : a) {
                    if (Double.isNaN(x) || Double.isInfinite(x)) {
                        throw refused(path, "a NaN or infinite item");
                    }
                }
            } else if (v instanceof float[] a) {
                for (float x : a) {
                    if (Float.isNaN(x) || Float.isInfinite(x)) {
                        throw refused(path, "a NaN or infinite item");
                    }
                }
            } else if (v instanceof int[] a) {
                for (int x : a) {
                    if (x == Integer.MIN_VALUE) {
                        throw refused(path, "an item holding the unset value");
                    }
                }
            } else if (v instanceof long[] a) {
                for (long x : a) {
                    if (x == Long.MIN_VALUE) {
                        throw refused(path, "an item holding the unset value");
                    }
                }
            } else if (v instanceof short[] a) {
                for (short x : a) {
                    if (x == Short.MIN_VALUE) {
                        throw refused(path, "an item holding the unset value");
                    }
                }
            } else if (v instanceof Object[] a && !nillable) {
                for (Object x : a) {
                    if (x == null) {
                        throw refused(path, "a null item of an array that is not nillable");
                    }
                }
            }
            return v;
        }
    }

    /** An optional primitive read back: absent stores ADB's unset value through the setter. */
    private record Unsettable(Mutator base, Object unset) implements Mutator {
        @Override
        public void set(Object owner, Object value) {
            if (value != null) {
                base.set(owner, value);
            } else if (unset != null) {
                base.set(owner, unset);
            }
        }
    }
}
