/**
 * {@code @DifferentialSoap} on Eclipse Metro (jaxws-rt 4), the JAX-WS reference implementation: a tube-line
 * decorator Metro finds through its own service hook ({@code META-INF/services/com.sun.xml.ws.assembler.dev.TubelineAssemblyDecorator})
 * gives each annotated endpoint a codec that reads requests with dsoap's differential reader and writes answers with
 * its differential writer, and a tube in front of Metro's invoker that calls the service with the values read. Nothing
 * here refers to CXF, and nothing in {@code dev.dsoap.jaxws} outside this package refers to Metro: each runtime loads
 * only its own glue.
 */
package dev.dsoap.jaxws.metro;
