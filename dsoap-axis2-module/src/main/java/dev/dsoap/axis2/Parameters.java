package dev.dsoap.axis2;

import dev.dsoap.host.Settings;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.Parameter;

/**
 * dsoap's {@link Settings} from Axis2 parameters: the operation's own, else its service's, service group's or
 * axis2.xml's (Axis2's parameter inheritance), else module.xml's, else the defaults. Module-wide settings
 * (memory budget, idle timeout, bound on bytes in flight, JMX) come from axis2.xml, else module.xml.
 */
final class Parameters {
    private Parameters() {
    }

    /** Settings for {@code where} (an operation, or a service on the client side; {@code null}: module-wide). */
    static Settings of(AxisDescription where, AxisModule module) {
        return Settings.read(name -> raw(where, module, name), where == null ? null : where.toString());
    }

    /** The module-wide memory budget in bytes. */
    static long budget(AxisModule module) {
        return Settings.budget(name -> raw(null, module, name), null);
    }

    /** Whether {@code where}'s generated WSDL refers to the binary assertion as a WS-Policy ({@code dsoap.binaryPolicy}). */
    static boolean binaryPolicy(AxisDescription where, AxisModule module) {
        return Settings.binaryPolicy(name -> raw(where, module, name), where == null ? null : where.toString());
    }

    /** The module-wide bound on bytes of messages in flight. */
    static long maxInFlight(AxisModule module) {
        return Settings.maxInFlight(name -> raw(null, module, name), null);
    }

    /** The module-wide idle timeout in nanoseconds (0: never). */
    static long idleNanos(AxisModule module) {
        return Settings.idleNanos(name -> raw(null, module, name), null);
    }

    /** Whether {@code name} is set module-wide (axis2.xml or module.xml). */
    static boolean set(AxisModule module, String name) {
        return raw(null, module, name) != null;
    }

    static boolean jmx(AxisModule module) {
        return Settings.jmx(name -> raw(null, module, name), null);
    }

    private static String raw(AxisDescription where, AxisModule module, String name) {
        Parameter p = where != null ? where.getParameter(name)
                : module != null && module.getParent() != null ? module.getParent().getParameter(name) : null;
        if (p == null && module != null) {
            p = module.getParameter(name);
        }
        Object v = p == null ? null : p.getValue();
        return v == null ? null : v.toString();
    }
}
