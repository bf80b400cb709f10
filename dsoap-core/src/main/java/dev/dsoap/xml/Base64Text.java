package dev.dsoap.xml;
public final class Base64Text {
    public static int encodedLength(int n){ return (n+2)/3*4; }
    public static int write(byte[] s, int so, int len, byte[] d, int o){ byte[] b=java.util.Base64.getEncoder().encode(java.util.Arrays.copyOfRange(s,so,so+len)); System.arraycopy(b,0,d,o,b.length); return o+b.length; }
}
