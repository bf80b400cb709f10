package dev.dsoap.binding;

/** The SOAP envelope versions dsoap carries. */
public enum SoapVersion {
    /** SOAP 1.1, content type {@code text/xml}. */
    SOAP_11("http://schemas.xmlsoap.org/soap/envelope/", "text/xml"),
    /** SOAP 1.2, content type {@code application/soap+xml}. */
    SOAP_12("http://www.w3.org/2003/05/soap-envelope", "application/soap+xml");

    private final String envelopeNamespace;
    private final String contentType;

    SoapVersion(String envelopeNamespace, String contentType) {
        this.envelopeNamespace = envelopeNamespace;
        this.contentType = contentType;
    }

    /** The envelope namespace URI. */
    public String envelopeNamespace() {
        return envelopeNamespace;
    }

    /** The HTTP media type (without parameters). */
    public String contentType() {
        return contentType;
    }
}
