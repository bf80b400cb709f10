package dev.dsoap.axis2.it;

import dev.dsoap.axis2.it.adb.EchoAdbSkeletonInterface;
import dev.dsoap.axis2.it.adb.types.EchoDoubles;
import dev.dsoap.axis2.it.adb.types.EchoDoublesResponse;
import dev.dsoap.axis2.it.adb.types.EchoInts;
import dev.dsoap.axis2.it.adb.types.EchoIntsResponse;
import dev.dsoap.axis2.it.adb.types.EchoMios;
import dev.dsoap.axis2.it.adb.types.EchoMiosResponse;
import dev.dsoap.axis2.it.adb.types.EchoReading;
import dev.dsoap.axis2.it.adb.types.EchoReadingResponse;
import dev.dsoap.axis2.it.adb.types.Reading;
import dev.dsoap.axis2.it.adb.types.Record;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The ADB test service (EchoAdb.wsdl), as users implement wsdl2java's skeleton interface. Public: Axis2
 * instantiates it by reflection (services.xml's {@code ServiceClass}).
 * <ul>
 * <li>{@code echoDoubles}, {@code echoInts}, {@code echoMios} return the request's array as {@code return}
 * (the same array object, {@code null} when the request had no items);</li>
 * <li>{@code echoReading} returns the request's Reading, with {@code samples} (when present) replaced by a
 * new array of each item multiplied by {@code scale}; every other field is the request's;</li>
 * <li>{@code record} (in-only) stores a new {@link Recorded} of the values it received in {@link #RECORDED}.</li>
 * </ul>
 */
public final class EchoAdbService implements EchoAdbSkeletonInterface {
    /** The last {@code record} call; a new instance per call, so that a test can wait for the next one. */
    static final AtomicReference<Recorded> RECORDED = new AtomicReference<>();

    /** What one {@code record} call received ({@code null} when the request had no items). */
    record Recorded(double[] values) {
    }

    @Override
    public void record(Record record) {
        RECORDED.set(new Recorded(record.getValues()));
    }

    @Override
    public EchoMiosResponse echoMios(EchoMios request) {
        EchoMiosResponse r = new EchoMiosResponse();
        r.set_return(request.getItems());
        return r;
    }

    @Override
    public EchoDoublesResponse echoDoubles(EchoDoubles request) {
        EchoDoublesResponse r = new EchoDoublesResponse();
        r.set_return(request.getValues());
        return r;
    }

    @Override
    public EchoIntsResponse echoInts(EchoInts request) {
        EchoIntsResponse r = new EchoIntsResponse();
        r.set_return(request.getValues());
        return r;
    }

    @Override
    public EchoReadingResponse echoReading(EchoReading request) {
        Reading reading = request.getReading();
        double[] samples = reading.getSamples();
        if (samples != null) {
            double[] scaled = new double[samples.length];
            for (int i = 0; i < samples.length; i++) {
                scaled[i] = samples[i] * request.getScale();
            }
            reading.setSamples(scaled);
        }
        EchoReadingResponse r = new EchoReadingResponse();
        r.set_return(reading);
        return r;
    }
}
