package dev.dsoap.jaxws;

import dev.dsoap.binding.SoapVersion;
import org.apache.cxf.binding.soap.model.SoapOperationInfo;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.service.model.BindingOperationInfo;

import java.util.List;
import java.util.Map;

/**
 * CXF's SOAPAction rule on dsoap's path. CXF dispatches a request by its action when the action names an
 * operation, and refuses one whose action names none and is not that of the operation its body element
 * selects. dsoap carries a request only when its action is empty or the selected operation's own (or, in
 * SOAP 1.2, the operation declares none); any other action leaves the request to CXF, which then answers
 * as it always does. Stateless.
 */
final class Action {
    /** CXF's switch that lets an action no operation declares reach an operation that declares none. */
    private static final String ALLOW_NON_MATCHING = "allowNonMatchingToDefaultSoapAction";

    private Action() {
    }

    /**
     * Why CXF would not dispatch this request to {@code bop} by its action alone, or {@code null} when the
     * action is empty or {@code bop}'s.
     */
    static String mismatch(Message m, BindingOperationInfo bop, SoapVersion version) {
        String action = of(m, version);
        if (action == null || action.isEmpty()) {
            return null;
        }
        SoapOperationInfo soi = bop.getExtensor(SoapOperationInfo.class);
        String declared = soi == null ? null : soi.getAction();
        if (action.equals(declared)) {
            return null;
        }
        boolean undeclared = declared == null || declared.isEmpty();
        if (undeclared && (version == SoapVersion.SOAP_12 || MessageUtils.getContextualBoolean(m, ALLOW_NON_MATCHING, false))) {
            return null;
        }
        return "action '" + action + "' is not " + bop.getName().getLocalPart() + "'s ('"
                + (declared == null ? "" : declared) + "')";
    }

    /** The request's action: SOAP 1.1's {@code SOAPAction} header unquoted, SOAP 1.2's {@code action} parameter. */
    static String of(Message m, SoapVersion version) {
        if (version == SoapVersion.SOAP_11) {
            if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> headers
                    && headers.get("SOAPAction") instanceof List<?> values && !values.isEmpty()
                    && values.get(0) instanceof String a) {
                return a.length() >= 2 && (a.charAt(0) == '"' || a.charAt(0) == '\'') ? a.substring(1, a.length() - 1) : a;
            }
            return null;
        }
        String type = (String) m.get(Message.CONTENT_TYPE);
        int at = type == null ? -1 : type.indexOf("action=");
        if (at < 0) {
            return null;
        }
        int start = at + 7;
        if (start < type.length() && type.charAt(start) == '"') {
            int end = type.indexOf('"', start + 1);
            return type.substring(start + 1, end < 0 ? type.length() : end);
        }
        int end = type.indexOf(';', start);
        return type.substring(start, end < 0 ? type.length() : end).trim();
    }
}
