package dev.dsoap.axis2.it;

import org.apache.axis2.AxisFault;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Axis2's own {@code RPCServiceClient}, the documented client of POJO services, calling the same service on
 * a plain Axis2 server and on one with dsoap.mar. It writes arguments by position ({@code <item0>} for each
 * item of an object array, {@code <argN>} for any other value), which Axis2's RPC receiver binds by order:
 * dsoap must carry those requests itself (its counters say so) and answer what Axis2 answers, over long
 * generated sequences with edge values (NaN, -0.0, subnormals, extremes, nil items, markup, tab and CR,
 * non-ASCII and surrogate pairs; infinities are the one documented difference, see ServerIT).
 */
class RpcClientIT {
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static RPCServiceClient toPlain;
    static RPCServiceClient toDsoap;

    @BeforeAll
    static void start() throws Exception {
        plain = Axis2Server.start(dir, false, "");
        dsoap = Axis2Server.start(dir, true, "");
        toPlain = ServerIT.client(plain);
        toDsoap = ServerIT.client(dsoap);
    }

    @AfterAll
    static void stop() throws Exception {
        for (RPCServiceClient c : new RPCServiceClient[] {toPlain, toDsoap}) {
            if (c != null) {
                c.cleanup();
            }
        }
        for (Axis2Server s : new Axis2Server[] {plain, dsoap}) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** Calls {@code op} on both servers; returns what each answered: its values, or its fault's message. */
    private static String[] both(String op, Object[] args, Class<?> result) throws Exception {
        QName name = new QName(dsoap.namespace(), op);
        return new String[] {call(toPlain, name, args, result), call(toDsoap, name, args, result)};
    }

    private static String call(RPCServiceClient c, QName op, Object[] args, Class<?> result) throws AxisFault {
        try {
            Object[] r = c.invokeBlocking(op, args, new Class<?>[] {result});
            return render(r[0]);
        } catch (AxisFault f) {
            return "fault: " + f.getMessage();
        } finally {
            c.cleanupTransport();
        }
    }

    /** The value as text, doubles by their bits (so -0.0 and NaN payloads count). */
    static String render(Object v) {
        if (v instanceof double[] d) {
            StringBuilder b = new StringBuilder("double[").append(d.length).append("]");
            for (double x : d) {
                b.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(x)));
            }
            return b.toString();
        }
        if (v instanceof Object[] a) {
            return a.getClass().getSimpleName() + Arrays.deepToString(a);
        }
        if (v instanceof int[] a) {
            return Arrays.toString(a);
        }
        return String.valueOf(v);
    }

    @Test
    void doubleArraysAreCarriedAndAnsweredAsAxis2Does() throws Exception {
        long seed = 0xA2_0017L;
        Random r = new Random(seed);
        Stats st = dsoap.stats("echo");
        long read = st.get("MessagesRead");
        long shape = st.readFallbacks("REQUEST_SHAPE");
        long differential = st.get("ReadsIdentical") + st.get("ReadsResumed");
        double[] v = Values.doubles(r, 300);
        int calls = 0;
        for (int msg = 0; msg < 120; msg++) {
            v = Values.next(v, r, msg % 15 == 0 ? 100 : msg % 4 == 0 ? 0 : 8);
            if (msg % 40 == 7) {
                v = new double[0];
            }
            if (!Values.finite(v)) {
                // RPCServiceClient writes INF, which Axis2's server refuses and dsoap reads (docs/axis2.md)
                continue;
            }
            Object[] args = {ServerIT.boxed(v)};
            String[] got = both("echo", args, double[].class);
            assertEquals(got[0], got[1], "seed " + seed + " message " + msg);
            calls++;
        }
        assertTrue(st.get("MessagesRead") - read >= calls - 3, "dsoap did not read RPCServiceClient's requests itself: " + st);
        assertEquals(shape, st.readFallbacks("REQUEST_SHAPE"), "positional requests fell back: " + st);
        assertTrue(st.get("ReadsIdentical") + st.get("ReadsResumed") - differential > calls / 2,
                "RPCServiceClient's requests were not read differentially: " + st);
    }

    @Test
    void positionalArgumentsOfEveryKindMatchAxis2() throws Exception {
        long seed = 0xA2_0018L;
        Random r = new Random(seed);
        long[] read = new long[4];
        long[] shape = new long[4];
        String[] ops = {"scale", "hello", "echoMios", "echoStrings"};
        for (int i = 0; i < ops.length; i++) {
            read[i] = dsoap.stats(ops[i]).get("MessagesRead");
            shape[i] = dsoap.stats(ops[i]).readFallbacks("REQUEST_SHAPE");
        }
        double[] v = Values.doubles(r, 40);
        Mio[] mios = new Mio[0];
        String[] strings = new String[0];
        for (int msg = 0; msg < 60; msg++) {
            String where = "seed " + seed + " message " + msg;
            v = Values.next(v, r, 10);
            double f = Values.value(r);
            String[] got = both("scale", new Object[] {ServerIT.boxed(v), f}, double[].class);
            assertEquals(got[0], got[1], where + " scale");

            String s = Values.STRINGS[r.nextInt(Values.STRINGS.length)] + r.nextInt(10) + (r.nextBoolean() ? "\r" : "");
            got = both("hello", new Object[] {s, Values.intValue(r)}, String.class);
            assertEquals(got[0], got[1], where + " hello");

            if (mios.length < 12 || r.nextInt(4) == 0) {
                mios = Arrays.copyOf(mios, mios.length + 1);
                mios[mios.length - 1] = r.nextInt(7) == 0 ? null : new Mio(Values.intValue(r), Values.value(r), Values.string(r));
            }
            Mio changed = mios.length > 0 ? mios[r.nextInt(mios.length)] : null;
            if (changed != null) {
                changed.setA(Values.intValue(r));
            }
            got = both("echoMios", new Object[] {mios}, Mio[].class);
            assertEquals(got[0], got[1], where + " mios");

            if (r.nextInt(5) == 0) {
                strings = Arrays.copyOf(strings, r.nextInt(10));
            }
            for (int i = 0; i < strings.length; i++) {
                if (strings[i] == null || r.nextInt(3) == 0) {
                    strings[i] = Values.string(r);
                }
            }
            got = both("echoStrings", new Object[] {strings}, String[].class);
            assertEquals(got[0], got[1], where + " strings " + Arrays.toString(strings));
        }
        for (int i = 0; i < ops.length; i++) {
            Stats st = dsoap.stats(ops[i]);
            assertTrue(st.get("MessagesRead") - read[i] >= 30, ops[i] + ": dsoap read too few requests itself: " + st);
            assertTrue(st.readFallbacks("REQUEST_SHAPE") - shape[i] <= 30, ops[i] + ": most requests fell back: " + st);
        }
    }
}
