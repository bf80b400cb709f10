package dev.dsoap.axis2.it;

import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.wsdl.WSDLConstants;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A POJO service whose answers depend on who calls, told by one thing Axis2 knows besides the body ({@link #mode}); it
 * spends 150 ms per call so that identical requests overlap, and its answer names the caller as it told it:
 * {@code "SYMBOL for MODE=VALUE"}.
 */
public class TenantsService {
    /** How the service tells callers apart. */
    public enum Mode { API_KEY, QUERY, HOST, COOKIE, ADDRESS, FORWARDED, LANGUAGE, SET_COOKIE }

    public static volatile Mode mode = Mode.API_KEY;
    public static final AtomicInteger CALLS = new AtomicInteger();
    private static final AtomicInteger TOKENS = new AtomicInteger();

    public String portfolio(String symbol) {
        CALLS.incrementAndGet();
        try {
            Thread.sleep(150);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        MessageContext in = MessageContext.getCurrentMessageContext();
        String value = switch (mode) {
            case API_KEY -> {
                String key = header(in, "X-Api-Key");
                if (key == null) {
                    throw new IllegalArgumentException("invalid API key");
                }
                yield key;
            }
            case QUERY -> {
                String uri = String.valueOf(in.getProperty(org.apache.axis2.Constants.Configuration.TRANSPORT_IN_URL));
                yield uri.substring(uri.indexOf("key=") + 4);
            }
            case HOST -> header(in, "Host");
            case COOKIE -> header(in, "Cookie");
            case ADDRESS -> (String) in.getProperty(MessageContext.REMOTE_ADDR);
            case FORWARDED -> header(in, "X-Forwarded-For");
            case LANGUAGE -> header(in, "Accept-Language");
            case SET_COOKIE -> {
                String token = "token=" + TOKENS.incrementAndGet();
                MessageContext out;
                try {
                    out = in.getOperationContext().getMessageContext(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
                } catch (org.apache.axis2.AxisFault e) {
                    throw new IllegalStateException(e);
                }
                out.setProperty(HTTPConstants.HTTP_HEADERS, List.of(new NamedValue("Set-Cookie", token)));
                yield token;
            }
        };
        return symbol + " for " + mode + "=" + value;
    }

    private static String header(MessageContext mc, String name) {
        if (mc.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof Map<?, ?> headers) {
            for (Map.Entry<?, ?> e : headers.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase(name)) {
                    return String.valueOf(e.getValue());
                }
            }
        }
        return null;
    }
}
