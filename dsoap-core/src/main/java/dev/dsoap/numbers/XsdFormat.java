package dev.dsoap.numbers;
import java.nio.charset.StandardCharsets;
public final class XsdFormat {
    public static final int MAX_DOUBLE_WIDTH = 24;
    private static int s(String t, byte[] d, int o) { byte[] b = t.getBytes(StandardCharsets.US_ASCII); System.arraycopy(b,0,d,o,b.length); return o+b.length; }
    public static int writeDouble(double v, byte[] d, int o) { return s(Double.isNaN(v)?"NaN":v==Double.POSITIVE_INFINITY?"INF":v==Double.NEGATIVE_INFINITY?"-INF":Double.toString(v), d, o); }
    public static int writeFloat(float v, byte[] d, int o) { return s(Float.isNaN(v)?"NaN":v==Float.POSITIVE_INFINITY?"INF":v==Float.NEGATIVE_INFINITY?"-INF":Float.toString(v), d, o); }
    public static int writeInt(int v, byte[] d, int o) { return s(Integer.toString(v), d, o); }
    public static int writeLong(long v, byte[] d, int o) { return s(Long.toString(v), d, o); }
    public static int writeShort(short v, byte[] d, int o) { return s(Short.toString(v), d, o); }
    public static int writeByte(byte v, byte[] d, int o) { return s(Byte.toString(v), d, o); }
    public static int writeBoolean(boolean v, byte[] d, int o) { return s(Boolean.toString(v), d, o); }
}
