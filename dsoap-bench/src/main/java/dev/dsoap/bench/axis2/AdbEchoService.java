package dev.dsoap.bench.axis2;

import dev.dsoap.bench.axis2.adb.AdbEchoSkeletonInterface;
import dev.dsoap.bench.axis2.adb.types.EchoDoubles;
import dev.dsoap.bench.axis2.adb.types.EchoDoublesResponse;
import dev.dsoap.bench.axis2.adb.types.EchoInts;
import dev.dsoap.bench.axis2.adb.types.EchoIntsResponse;
import dev.dsoap.bench.axis2.adb.types.EchoMios;
import dev.dsoap.bench.axis2.adb.types.EchoMiosResponse;
import dev.dsoap.bench.axis2.adb.types.EchoStrings;
import dev.dsoap.bench.axis2.adb.types.EchoStringsResponse;
import dev.dsoap.bench.axis2.adb.types.EchoVoid;
import dev.dsoap.bench.axis2.adb.types.EchoVoidResponse;

/**
 * The benchmark's ADB service, {@link #NAME}: wsdl2java's skeleton interface for {@code src/main/wsdl/AdbEcho.wsdl}
 * (generated during the build), implemented as users implement it; each operation returns the request's items
 * (the same array object) as the response's {@code return}, as {@link EchoService} does. Public because Axis2
 * instantiates it by reflection (services.xml's {@code ServiceClass}, see {@link EchoServer}).
 *
 * <p>Stateless and thread-safe.
 */
public final class AdbEchoService implements AdbEchoSkeletonInterface {
    /** The service's name (the WSDL's {@code wsdl:service}, and its file name). */
    static final String NAME = "AdbEcho";

    @Override
    public EchoDoublesResponse echoDoubles(EchoDoubles request) {
        EchoDoublesResponse r = new EchoDoublesResponse();
        r.set_return(request.getV());
        return r;
    }

    @Override
    public EchoIntsResponse echoInts(EchoInts request) {
        EchoIntsResponse r = new EchoIntsResponse();
        r.set_return(request.getV());
        return r;
    }

    @Override
    public EchoMiosResponse echoMios(EchoMios request) {
        EchoMiosResponse r = new EchoMiosResponse();
        r.set_return(request.getV());
        return r;
    }

    @Override
    public EchoStringsResponse echoStrings(EchoStrings request) {
        EchoStringsResponse r = new EchoStringsResponse();
        r.set_return(request.getV());
        return r;
    }

    /** An empty request wrapper answered with an empty response wrapper. */
    @Override
    public EchoVoidResponse echoVoid(EchoVoid request) {
        return new EchoVoidResponse();
    }
}
