package dev.dsoap.bench.axis2;

/**
 * The service an echo request goes to, by the benchmark's {@code style} parameter; both have the operations of
 * {@link dev.dsoap.bench.echo.Shape} under the same names, and both servers deploy both.
 */
enum Style {
    /**
     * {@link EchoService}, Axis2's POJO service (RPCMessageReceiver): the wrapper in the namespace Axis2 derives
     * from the package, the items unqualified.
     */
    POJO("pojo", false),
    /**
     * {@link AdbEchoService}, the wsdl2java (ADB) service of {@code AdbEcho.wsdl} (generated receivers): the
     * wrapper and every element inside it in the WSDL's target namespace ({@code elementFormDefault="qualified"}).
     */
    ADB("adb", true);

    /** The parameter value naming this style. */
    final String param;
    /** Whether the items and their fields are in the wrapper's namespace. */
    final boolean qualified;

    Style(String param, boolean qualified) {
        this.param = param;
        this.qualified = qualified;
    }

    /** The style a parameter value names: {@code pojo} or {@code adb}. */
    static Style of(String param) {
        for (Style s : values()) {
            if (s.param.equals(param)) {
                return s;
            }
        }
        throw new IllegalArgumentException("style pojo|adb, not " + param);
    }
}
