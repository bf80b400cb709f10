package dev.dsoap.jaxws;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Turns dsoap on for a JAX-WS service: put it on the service endpoint interface (then every Apache CXF
 * endpoint and every {@code Service.getPort} proxy of it is carried) or on an implementation class (that
 * endpoint only). With dsoap-jaxws on the class path, CXF installs it by itself (a bus extension); no other
 * code changes. {@code @org.apache.cxf.feature.Features(classes = DifferentialSoapFeature.class)} does the
 * same without this annotation.
 *
 * <p>Requests a server receives are read by differential deserialization straight into the operation's
 * arguments, its return values written by differential serialization straight to the output stream; a client
 * proxy does the same the other way. JAXB is not used on that path. Whatever dsoap does not carry (SOAP
 * headers, MTOM, WS-Security, WS-Policy, WS-Addressing, logging, JAX-WS handlers, types without a plan,
 * faults) goes through CXF's normal path, counted by reason; see docs/jaxws.md.
 *
 * <p>Every attribute can be overridden without recompiling by an endpoint or client property of the same
 * {@code dsoap.*} name (e.g. {@code @EndpointProperty(key = "dsoap.states", value = "8")}, a Spring
 * {@code <jaxws:properties>} entry, or a bus property); a negative number or empty string leaves the default.
 * docs/configuration.md lists them all.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface DifferentialSoap {
    /** Whether responses (server) or requests (client) are written differentially ({@code dsoap.serialize}). */
    boolean serialize() default true;

    /** Whether requests (server) or responses (client) are read differentially ({@code dsoap.deserialize}). */
    boolean deserialize() default true;

    /** Templates and read states kept per operation ({@code dsoap.states}, 1 to 64; default 4). */
    int states() default -1;

    /** Template chunk size in bytes ({@code dsoap.chunkSize}, 64 to 16 MiB). */
    int chunkSize() default -1;

    /** Checkpoint strategy: FULL, DIFFERENTIAL or LIGHTWEIGHT ({@code dsoap.checkpoints}; default LIGHTWEIGHT). */
    String checkpoints() default "";

    /** Whether dsoap stops keeping state for messages that keep changing ({@code dsoap.adaptive}). */
    boolean adaptive() default true;

    /** Largest message read, in bytes ({@code dsoap.maxMessageBytes}); larger ones get a SOAP fault. */
    long maxMessageBytes() default -1;

    /** Deepest element nesting read ({@code dsoap.maxDepth}); deeper messages get a SOAP fault. */
    int maxDepth() default -1;

    /** Longest text or attribute value read, in bytes ({@code dsoap.maxTextBytes}). */
    long maxTextBytes() default -1;

    /**
     * Bytes all templates and checkpoints of the CXF bus may keep ({@code dsoap.memoryBudget}; default a tenth of
     * the maximum heap, at most 256 MiB). Read from the first carried endpoint or client of a bus.
     */
    long memoryBudget() default -1;

    /**
     * Milliseconds a kept state of the CXF bus may go unused before it is dropped and its bytes given back to the
     * budget ({@code dsoap.idleTimeout}; default 600000, ten minutes; 0: never). Read as {@link #memoryBudget()}.
     */
    long idleTimeout() default -1;

    /** Whether statistics are registered as MBeans ({@code dsoap.jmx}); read as {@link #memoryBudget()}. */
    boolean jmx() default true;

    /**
     * Who gets dsoap's binary form ({@code dsoap.binary}): {@code off}; {@code interoperability} (the default: an
     * endpoint answers binary only to a client that asks, a client asks for binary answers and sends XML);
     * {@code performance} (a client also sends binary requests once the endpoint has said it reads them).
     */
    String binary() default "";

    /**
     * Quality management ({@code dsoap.quality}): {@code off} (the default); on an endpoint, where its quality file
     * is ({@code classpath:/path}, {@code file:/path}, or a class path resource), which chooses a smaller variant of
     * an answer for a client whose round trips are long (docs/quality.md); on a client, {@code on} to stamp requests
     * and report its round-trip estimate, or a quality file for its own requests' variants.
     */
    String quality() default "";

    /**
     * The operations whose identical concurrent requests are processed once ({@code dsoap.coalesce}): their local
     * names, or {@code "*"} for all. Only for operations whose answer depends on nothing but the request and the
     * caller (no side effects, no time or per-call state): requests join only those with the same bytes and the same
     * caller (everything CXF knows besides the body: path, query, headers, address, certificate, and the principal and
     * session at invocation), and each gets the one answer written once when dsoap wrote it alone
     * (docs/coalescing.md). None by default.
     */
    String[] coalesce() default {};

    /**
     * The operations whose responses are shared across a short window ({@code dsoap.share}): their local names, or
     * {@code "*"} for all. Responses written within {@code dsoap.shareWindow} of each other copy the serialized bytes
     * of the chunks of values they have in common instead of formatting them again; a policy measures this against
     * each client's template and uses the faster. Only answers of one {@code double[]} part are shared; the bytes are
     * a plain serialization of each answer's own values. None by default.
     */
    String[] share() default {};
}
