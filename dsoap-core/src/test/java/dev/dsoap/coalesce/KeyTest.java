package dev.dsoap.coalesce;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Keys: equal only for equal identities and equal bytes, wherever the bytes sit in their buffers. */
@Timeout(10)
class KeyTest {
    private static final KeyHash COLLIDING = (b, off, len, id) -> 42;

    private static Key key(byte[] b, int off, int len, String id, KeyHash h) {
        return new Key(b, off, len, id, h.hash(b, off, len, id));
    }

    @Test
    void bytesDecideUnderACollidingHash() {
        byte[] a = Responses.ascii("xx<a>1</a>yy");
        byte[] b = Responses.ascii("<a>1</a>");
        byte[] c = Responses.ascii("<a>2</a>");
        assertEquals(key(a, 2, 8, "", COLLIDING), key(b, 0, 8, "", COLLIDING));
        assertNotEquals(key(b, 0, 8, "", COLLIDING), key(c, 0, 8, "", COLLIDING));
        assertNotEquals(key(a, 2, 8, "", COLLIDING), key(a, 2, 7, "", COLLIDING), "a prefix is not the body");
        assertNotEquals(key(b, 0, 8, "alice", COLLIDING), key(b, 0, 8, "bob", COLLIDING));
        assertNotEquals(key(b, 0, 8, "alice", COLLIDING), key(b, 0, 8, "", COLLIDING));
    }

    @Test
    void seededHashDependsOnEveryByteNotOnWhereTheyAre() {
        KeyHash h = KeyHash.seeded(7);
        Random r = new Random(11);
        for (int len = 0; len < 40; len++) {
            byte[] body = new byte[len];
            r.nextBytes(body);
            int plain = h.hash(body, 0, len, "id");
            for (int off = 1; off < 9; off++) {
                byte[] framed = Responses.framed(body, off, r);
                assertEquals(plain, h.hash(framed, off, len, "id"), "length " + len + " offset " + off);
            }
            for (int i = 0; i < len; i++) {
                byte[] flipped = body.clone();
                flipped[i] ^= 1;
                assertNotEquals(plain, h.hash(flipped, 0, len, "id"), "length " + len + " byte " + i);
            }
            assertNotEquals(plain, h.hash(body, 0, len, "other"), "length " + len);
        }
        assertNotEquals(KeyHash.seeded(1).hash(new byte[16], 0, 16, ""), KeyHash.seeded(2).hash(new byte[16], 0, 16, ""));
    }
}
