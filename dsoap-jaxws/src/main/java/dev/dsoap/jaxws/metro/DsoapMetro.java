package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.client.sei.SEIStub;
import dev.dsoap.jaxws.DifferentialSoap;

import java.lang.reflect.Proxy;

/**
 * dsoap on Eclipse Metro client proxies. Metro's proxy keeps a call's arguments to itself until it has made its own
 * request message of them, so a Metro proxy needs one call to be carried: pass the proxy Metro made to
 * {@link #differential}, and call the proxy it returns instead.
 *
 * <pre>{@code
 * Quotes quotes = DsoapMetro.differential(service.getPort(Quotes.class));   // Quotes carries @DifferentialSoap
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class DsoapMetro {
    private DsoapMetro() {
    }

    /**
     * A proxy of the same interfaces as {@code port} (the service endpoint interface, {@code BindingProvider},
     * {@code WSBindingProvider}, ...) whose calls of the operations dsoap carries send their request written by dsoap's
     * differential writer and take their answer as dsoap's differential reader read it, through Metro's own stub,
     * request context, tubes and transport (so the port's endpoint address, credentials, headers and timeouts apply as
     * they do to {@code port}); every other call is {@code port}'s. The proxy and {@code port} share their request
     * context. Thread-safe, as Metro's proxies are.
     * <p>
     * A port whose policy asks for WS-Security (WSIT signs, encrypts and verifies its messages in its own form) is
     * returned as it is: its calls are Metro's, and {@link #isDifferential} says so.
     *
     * @param port a proxy Metro made ({@code Service.getPort}) for a service endpoint interface that carries
     *             {@link DifferentialSoap}
     * @throws IllegalArgumentException when {@code port} is not a Metro proxy, or its interface does not carry
     *                                  {@link DifferentialSoap} (Metro then assembled it without dsoap's codec)
     */
    @SuppressWarnings("unchecked")
    public static <T> T differential(T port) {
        if (port == null || !Proxy.isProxyClass(port.getClass())
                || !(Proxy.getInvocationHandler(port) instanceof SEIStub stub)) {
            throw new IllegalArgumentException("dsoap: not a Metro client proxy (Service.getPort on Eclipse Metro): " + port);
        }
        DifferentialSoap annotation = MetroDecorator.annotation(stub.seiModel);
        String secured = MetroDecorator.secured(stub.getBinding());
        if (annotation != null && secured != null) {
            if (SECURED_LOGGED.compareAndSet(false, true)) {
                MetroEndpoint.LOG.info("dsoap: the client proxy of " + stub.seiModel.getPortName() + " stays Metro's: "
                        + secured + " is WSIT's to write and verify (logged once)");
            }
            return port;
        }
        if (annotation == null || !MetroDecorator.assembled(stub.getBinding())) {
            throw new IllegalArgumentException("dsoap: the service endpoint interface of " + stub.seiModel.getPortName()
                    + " does not carry @DifferentialSoap, or its proxy was made before dsoap-jaxws was on the class path");
        }
        Class<?> sei = stub.seiModel.getJavaMethods().iterator().next().getMethod().getDeclaringClass();
        return (T) Proxy.newProxyInstance(port.getClass().getClassLoader(), port.getClass().getInterfaces(),
                new MetroClient(port, stub, sei, annotation));
    }

    private static final java.util.concurrent.atomic.AtomicBoolean SECURED_LOGGED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** Whether {@code port} is a proxy {@link #differential} made. */
    public static boolean isDifferential(Object port) {
        return port != null && Proxy.isProxyClass(port.getClass()) && Proxy.getInvocationHandler(port) instanceof MetroClient;
    }
}
