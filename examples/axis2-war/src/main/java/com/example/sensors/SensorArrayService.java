package com.example.sensors;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A sensor array's readings service, deployed as an Axis2 POJO service ({@code WEB-INF/services/SensorArray}). Its
 * code knows nothing of dsoap: the module, engaged in {@code WEB-INF/conf/axis2.xml}, reads the requests and writes
 * the answers. Stateless and thread-safe.
 */
public class SensorArrayService {
    /**
     * Echoes the readings, as a monitor that checks its link does.
     *
     * @param readings the readings, in the sensors' units
     * @return the same readings
     */
    public double[] echo(double[] readings) {
        return readings;
    }

    /**
     * The SHA-256 of the readings' IEEE 754 bits, in hex: tells a sender, bit for bit, what the service received.
     *
     * @param readings the readings, in the sensors' units
     * @return 64 hex digits
     */
    public String fingerprint(double[] readings) {
        return fingerprintOf(readings);
    }

    /**
     * The fingerprint {@link #fingerprint} answers, computed locally.
     *
     * @param readings the readings
     * @return 64 hex digits
     */
    public static String fingerprintOf(double[] readings) {
        ByteBuffer bits = ByteBuffer.allocate(8 * readings.length);
        for (double r : readings) {
            bits.putLong(Double.doubleToRawLongBits(r));
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bits.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
