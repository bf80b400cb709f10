package dev.dsoap.bench.soak;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The soak's response check: right answers pass, a changed value is wrong, another client's value is cross-talk. */
class SoakCheckTest {
    private static final class Fixed implements Target {
        @Override
        public String host() {
            return "test";
        }

        @Override
        public URI uri() {
            return URI.create("http://127.0.0.1:9/");
        }

        @Override
        public byte[] request(double[] values) {
            return new byte[0];
        }

        @Override
        public long retainedBytes() {
            return 0;
        }

        @Override
        public void close() {
        }
    }

    private static String response(double... values) {
        StringBuilder b = new StringBuilder("<e:Envelope><e:Body><ns:echoDoublesResponse>");
        for (double v : values) {
            b.append("<ns:return>").append(v).append("</ns:return>");
        }
        return b.append("</ns:echoDoublesResponse></e:Body></e:Envelope>").toString();
    }

    @Test
    void valuesAreCheckedOneByOneAndTheirOwnerIsKnown() {
        Soak s = new Soak(new Fixed(), 2, 0, 0, 1);
        SplittableRandom r = new SplittableRandom(7);
        double[] mine = {Soak.value(3, r), Soak.value(3, r), Soak.value(3, r)};
        double theirs = Soak.value(4, r);
        assertEquals(3, Soak.owner(mine[0]));
        assertEquals(4, Soak.owner(theirs));
        s.check(3, mine, response(mine));
        assertEquals(0, s.wrong.get() + s.crossTalk.get());
        s.check(3, mine, response(mine[0], mine[1] + 0.5, mine[2]));
        assertEquals(1, s.wrong.get());
        s.check(3, mine, response(mine[0], mine[1]));
        assertEquals(2, s.wrong.get(), "a missing value is wrong");
        s.check(3, mine, response(mine[0], theirs, mine[2]));
        assertEquals(1, s.crossTalk.get(), "another client's value is cross-talk");
        s.check(3, mine, response());
        assertEquals(3, s.wrong.get(), "an empty answer is wrong");
    }
}
