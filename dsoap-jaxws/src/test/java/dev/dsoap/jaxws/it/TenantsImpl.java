package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tenants service with {@code portfolio} declared safe to coalesce, as a user would declare a read-only operation.
 * It tells callers apart the way real services do, by one thing the host knows besides the body ({@link #mode}), and
 * spends 150 ms per call so that identical requests overlap. Its answer names the caller as it told it:
 * {@code "SYMBOL for MODE=VALUE"}.
 */
@DifferentialSoap(coalesce = "portfolio")
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Tenants", targetNamespace = Echo.NS, serviceName = "TenantsService",
        portName = "TenantsPort")
public class TenantsImpl implements Tenants {
    /** How the service tells callers apart. */
    public enum Mode { API_KEY, QUERY, HOST, COOKIE, SESSION, ADDRESS, FORWARDED, LANGUAGE, PRINCIPAL, SET_COOKIE }

    public static volatile Mode mode = Mode.API_KEY;
    public static final AtomicInteger CALLS = new AtomicInteger();
    private static final AtomicInteger TOKENS = new AtomicInteger();

    @Resource
    private WebServiceContext context;

    @Override
    public String portfolio(String symbol) {
        CALLS.incrementAndGet();
        try {
            Thread.sleep(150);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        MessageContext mc = context.getMessageContext();
        HttpServletRequest request = (HttpServletRequest) mc.get(MessageContext.SERVLET_REQUEST);
        String value = switch (mode) {
            case API_KEY -> {
                String key = header(mc, "X-Api-Key");
                if (key == null) {
                    throw new IllegalArgumentException("invalid API key");
                }
                yield key;
            }
            case QUERY -> request.getParameter("key");
            case HOST -> header(mc, "Host");
            case COOKIE -> header(mc, "Cookie");
            case SESSION -> {
                HttpSession s = request.getSession(false);
                yield s == null ? "no session" : String.valueOf(s.getAttribute("user"));
            }
            case ADDRESS -> request.getRemoteAddr();
            case FORWARDED -> header(mc, "X-Forwarded-For");
            case LANGUAGE -> header(mc, "Accept-Language");
            case PRINCIPAL -> {
                Principal p = context.getUserPrincipal();
                yield p == null ? "anonymous" : p.getName();
            }
            case SET_COOKIE -> {
                String token = "token=" + TOKENS.incrementAndGet();
                mc.put(MessageContext.HTTP_RESPONSE_HEADERS, Map.of("Set-Cookie", List.of(token)));
                yield token;
            }
        };
        return symbol + " for " + mode + "=" + value;
    }

    @Override
    public String login(String user) {
        HttpServletRequest request = (HttpServletRequest) context.getMessageContext().get(MessageContext.SERVLET_REQUEST);
        request.getSession(true).setAttribute("user", user);
        return user;
    }

    private static String header(MessageContext mc, String name) {
        if (mc.get(MessageContext.HTTP_REQUEST_HEADERS) instanceof Map<?, ?> headers) {
            for (Map.Entry<?, ?> e : headers.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase(name) && e.getValue() instanceof List<?> v
                        && !v.isEmpty()) {
                    return String.valueOf(v.get(0));
                }
            }
        }
        return null;
    }
}
