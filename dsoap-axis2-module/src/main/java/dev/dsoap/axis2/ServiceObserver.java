package dev.dsoap.axis2;

import dev.dsoap.host.Jmx;
import dev.dsoap.host.OperationStats;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.AxisServiceGroup;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.description.ParameterIncludeImpl;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.AxisEvent;
import org.apache.axis2.engine.AxisObserver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Follows the services of one configuration for the metrics: a service removed or stopped has its carried
 * operations' statistics withdrawn ({@link Jmx#withdraw}; their MBeans stay until the module shuts down), a service
 * started again has them published again. Thread-safe.
 */
final class ServiceObserver implements AxisObserver {
    private final Jmx jmx;
    /** Carried server operations' statistics by service name; guarded by this. */
    private final Map<String, List<OperationStats>> services = new HashMap<>();
    /** Axis2 asks every observer for parameters; this one has none of its own. */
    private final ParameterIncludeImpl parameters = new ParameterIncludeImpl();

    ServiceObserver(Jmx jmx) {
        this.jmx = jmx;
    }

    /** {@code stats} belong to a carried operation of {@code service}. */
    synchronized void carried(String service, OperationStats stats) {
        services.computeIfAbsent(service, k -> new ArrayList<>()).add(stats);
    }

    @Override
    public void serviceUpdate(AxisEvent event, AxisService service) {
        if (service == null) {
            return;
        }
        int type = event.getEventType();
        synchronized (this) {
            if (type == AxisEvent.SERVICE_REMOVE || type == AxisEvent.SERVICE_STOP) {
                List<OperationStats> ops = type == AxisEvent.SERVICE_REMOVE ? services.remove(service.getName())
                        : services.get(service.getName());
                for (OperationStats s : ops == null ? List.<OperationStats>of() : ops) {
                    jmx.withdraw(s);
                }
            } else if (type == AxisEvent.SERVICE_START) {
                for (OperationStats s : services.getOrDefault(service.getName(), List.of())) {
                    jmx.resume(s);
                }
            }
        }
    }

    @Override
    public void init(AxisConfiguration config) {
    }

    @Override
    public void serviceGroupUpdate(AxisEvent event, AxisServiceGroup group) {
    }

    @Override
    public void moduleUpdate(AxisEvent event, AxisModule module) {
    }

    @Override
    public void addParameter(Parameter p) {
        parameters.addParameter(p);
    }

    @Override
    public void removeParameter(Parameter p) throws org.apache.axis2.AxisFault {
        parameters.removeParameter(p);
    }

    @Override
    public void deserializeParameters(OMElement e) throws org.apache.axis2.AxisFault {
        parameters.deserializeParameters(e);
    }

    @Override
    public Parameter getParameter(String name) {
        return parameters.getParameter(name);
    }

    @Override
    public ArrayList<Parameter> getParameters() {
        return parameters.getParameters();
    }

    @Override
    public boolean isParameterLocked(String name) {
        return parameters.isParameterLocked(name);
    }
}
