package dev.dsoap.binding;

import java.util.Objects;

/**
 * How a host names and wraps things on the wire, so that the bytes dsoap writes match the bytes the host
 * would write for the same values: SOAP version, envelope prefix, wrapper and part qualification,
 * namespace prefixes, how nulls are written, whether values carry {@code xsi:type}.
 *
 * <p>Core ships {@link #documentLiteralWrapped()}; the Axis2 and CXF modules define their hosts' own.
 * Immutable, thread-safe; equal conventions compile to equal plans (they are part of plan cache keys).
 */
public final class WireConvention {
    /** What a {@code null} property becomes when no annotation says otherwise. */
    public enum NullStyle {
        /** The element is left out. */
        OMIT,
        /** {@code <x xsi:nil="true"/>}. */
        NIL
    }

    /** Which Java members of a bean become XML properties, and in which order. */
    public enum BeanStyle {
        /**
         * What a JAXB runtime binds. Superclass properties come first (a {@code @XmlTransient} superclass's
         * properties join its subclass's). Within a class, {@code @XmlAccessorType} (on the class, inherited,
         * else on the package, else {@code PUBLIC_MEMBER}) chooses: {@code FIELD} binds every non-static,
         * non-{@code transient} field, {@code PROPERTY} every getter/setter pair, {@code PUBLIC_MEMBER}
         * public fields and public pairs, {@code NONE} nothing; annotated members are bound in every mode,
         * {@code @XmlTransient} ones never, and an unannotated getter overriding a superclass one is not a
         * second property. Element order: {@code @XmlType(propOrder)} when given (every element property
         * must be listed, as JAXB requires); else alphabetical by Java name under
         * {@code @XmlAccessorOrder(ALPHABETICAL)}; else fields in declaration order (as the JVM reports
         * them, which HotSpot keeps) followed by accessor properties sorted by accessor name, as the JAXB
         * reference implementation does. Names, namespaces and nillability come from {@code @XmlElement},
         * {@code @XmlAttribute}, {@code @XmlType} and the package's {@code @XmlSchema}; enums are written
         * as {@code @XmlEnumValue} or {@code name()}.
         */
        JAXB,
        /**
         * What Axis2's {@code BeanUtil} writes (through {@code java.beans.Introspector}): for each class
         * from the top-most non-{@code java.*} superclass down, the public getters declared there
         * ({@code getX}, or {@code isX} for {@code boolean}; read-only ones included, {@code class}
         * excluded), sorted by property name; a property already written for a superclass is not repeated.
         * Public fields and JAXB annotations are ignored; enums are written with {@code toString()}.
         */
        AXIS2
    }

    /** Label for logs and statistics. */
    private final String name;
    /** Envelope version. */
    private final SoapVersion soapVersion;
    /** Prefix bound to the envelope namespace, e.g. {@code soapenv}. */
    private final String envelopePrefix;
    /** Whether the message starts with {@code <?xml version='1.0' encoding='UTF-8'?>}. */
    private final boolean xmlDeclaration;
    /** Prefix bound to the operation (wrapper) namespace, e.g. {@code ns}. */
    private final String wrapperPrefix;
    /** Whether the part elements (children of the wrapper) are in the wrapper namespace. */
    private final boolean partsQualified;
    /** Whether bean property elements are in their type's namespace. */
    private final boolean fieldsQualified;
    /** Prefix stem for type namespaces other than the wrapper's: {@code stem + n}. */
    private final String typePrefixStem;
    /** Whether leaf elements carry {@code xsi:type}. */
    private final boolean xsiType;
    /** What a null property becomes unless annotated. */
    private final NullStyle nullStyle;
    /** How bean classes are mapped to properties. */
    private final BeanStyle beanStyle;
    /** Whether types without a declared namespace get one derived from their Java package. */
    private final boolean packageNamespaces;
    /** Appended to derived package namespaces, e.g. {@code /xsd} for Axis2's schema generator. */
    private final String packageNamespaceSuffix;
    /** Whether struct elements carry {@code xsi:type} naming their schema type. */
    private final boolean structXsiType;

    private WireConvention(Builder b) {
        this.name = b.name;
        this.soapVersion = b.soapVersion;
        this.envelopePrefix = b.envelopePrefix;
        this.xmlDeclaration = b.xmlDeclaration;
        this.wrapperPrefix = b.wrapperPrefix;
        this.partsQualified = b.partsQualified;
        this.fieldsQualified = b.fieldsQualified;
        this.typePrefixStem = b.typePrefixStem;
        this.xsiType = b.xsiType;
        this.nullStyle = b.nullStyle;
        this.beanStyle = b.beanStyle;
        this.packageNamespaces = b.packageNamespaces;
        this.packageNamespaceSuffix = b.packageNamespaceSuffix;
        this.structXsiType = b.structXsiType;
    }

    /**
     * Plain document/literal wrapped, SOAP 1.1: {@code <soapenv:Envelope><soapenv:Body><ns:op>}, parts
     * and fields unqualified (unless JAXB annotations qualify them), other namespaces {@code ns1, ns2, ..},
     * no {@code xsi:type}, null properties left out unless marked nillable, {@link BeanStyle#JAXB} beans.
     */
    public static WireConvention documentLiteralWrapped() {
        return builder("doc-lit-wrapped").build();
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public Builder toBuilder(String newName) {
        Builder b = new Builder(newName);
        b.soapVersion = soapVersion;
        b.envelopePrefix = envelopePrefix;
        b.xmlDeclaration = xmlDeclaration;
        b.wrapperPrefix = wrapperPrefix;
        b.partsQualified = partsQualified;
        b.fieldsQualified = fieldsQualified;
        b.typePrefixStem = typePrefixStem;
        b.xsiType = xsiType;
        b.nullStyle = nullStyle;
        b.beanStyle = beanStyle;
        b.packageNamespaces = packageNamespaces;
        b.packageNamespaceSuffix = packageNamespaceSuffix;
        b.structXsiType = structXsiType;
        return b;
    }

    public String name() {
        return name;
    }

    public SoapVersion soapVersion() {
        return soapVersion;
    }

    public String envelopePrefix() {
        return envelopePrefix;
    }

    public boolean xmlDeclaration() {
        return xmlDeclaration;
    }

    public String wrapperPrefix() {
        return wrapperPrefix;
    }

    public boolean partsQualified() {
        return partsQualified;
    }

    public boolean fieldsQualified() {
        return fieldsQualified;
    }

    public String typePrefixStem() {
        return typePrefixStem;
    }

    public boolean xsiType() {
        return xsiType;
    }

    public NullStyle nullStyle() {
        return nullStyle;
    }

    public BeanStyle beanStyle() {
        return beanStyle;
    }

    /**
     * Whether a type with no namespace of its own (none from annotations, or {@link BeanStyle#AXIS2})
     * lives in {@code "http://" + reversed package + packageNamespaceSuffix()}, e.g.
     * {@code org.example.beans} -> {@code http://beans.example.org}; otherwise such types have no namespace.
     */
    public boolean packageNamespaces() {
        return packageNamespaces;
    }

    public String packageNamespaceSuffix() {
        return packageNamespaceSuffix;
    }

    /** Whether struct elements carry {@code xsi:type="p:TypeName"}, as Axis2 writes beans. */
    public boolean structXsiType() {
        return structXsiType;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WireConvention c && name.equals(c.name) && soapVersion == c.soapVersion
                && envelopePrefix.equals(c.envelopePrefix) && xmlDeclaration == c.xmlDeclaration
                && wrapperPrefix.equals(c.wrapperPrefix) && partsQualified == c.partsQualified
                && fieldsQualified == c.fieldsQualified && typePrefixStem.equals(c.typePrefixStem)
                && xsiType == c.xsiType && nullStyle == c.nullStyle && beanStyle == c.beanStyle
                && packageNamespaces == c.packageNamespaces
                && packageNamespaceSuffix.equals(c.packageNamespaceSuffix) && structXsiType == c.structXsiType;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, soapVersion, envelopePrefix, xmlDeclaration, wrapperPrefix, partsQualified,
                fieldsQualified, typePrefixStem, xsiType, nullStyle, beanStyle, packageNamespaces,
                packageNamespaceSuffix, structXsiType);
    }

    @Override
    public String toString() {
        return name + "(" + soapVersion + ")";
    }

    /** Builds a {@link WireConvention}; not thread-safe. */
    public static final class Builder {
        private final String name;
        private SoapVersion soapVersion = SoapVersion.SOAP_11;
        private String envelopePrefix = "soapenv";
        private boolean xmlDeclaration = true;
        private String wrapperPrefix = "ns";
        private boolean partsQualified;
        private boolean fieldsQualified;
        private String typePrefixStem = "ns";
        private boolean xsiType;
        private NullStyle nullStyle = NullStyle.OMIT;
        private BeanStyle beanStyle = BeanStyle.JAXB;
        private boolean packageNamespaces;
        private String packageNamespaceSuffix = "";
        private boolean structXsiType;

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        public Builder soapVersion(SoapVersion v) {
            this.soapVersion = Objects.requireNonNull(v);
            return this;
        }

        public Builder envelopePrefix(String p) {
            this.envelopePrefix = Objects.requireNonNull(p);
            return this;
        }

        public Builder xmlDeclaration(boolean on) {
            this.xmlDeclaration = on;
            return this;
        }

        public Builder wrapperPrefix(String p) {
            this.wrapperPrefix = Objects.requireNonNull(p);
            return this;
        }

        public Builder partsQualified(boolean on) {
            this.partsQualified = on;
            return this;
        }

        public Builder fieldsQualified(boolean on) {
            this.fieldsQualified = on;
            return this;
        }

        public Builder typePrefixStem(String stem) {
            this.typePrefixStem = Objects.requireNonNull(stem);
            return this;
        }

        public Builder xsiType(boolean on) {
            this.xsiType = on;
            return this;
        }

        public Builder nullStyle(NullStyle s) {
            this.nullStyle = Objects.requireNonNull(s);
            return this;
        }

        public Builder beanStyle(BeanStyle s) {
            this.beanStyle = Objects.requireNonNull(s);
            return this;
        }

        /** Derive namespaces of types that declare none from their package; see {@link #packageNamespaces()}. */
        public Builder packageNamespaces(boolean on, String suffix) {
            this.packageNamespaces = on;
            this.packageNamespaceSuffix = Objects.requireNonNull(suffix);
            return this;
        }

        public Builder structXsiType(boolean on) {
            this.structXsiType = on;
            return this;
        }

        public WireConvention build() {
            return new WireConvention(this);
        }
    }
}
