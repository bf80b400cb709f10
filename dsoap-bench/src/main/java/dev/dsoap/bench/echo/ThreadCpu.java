package dev.dsoap.bench.echo;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of the live JVM threads whose names start with a prefix: a benchmark server's request threads.
 * Thread-safe.
 */
public final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ThreadCpu() {
    }

    /**
     * Turns thread CPU time measurement on.
     *
     * @throws IllegalStateException if this JVM cannot measure it
     */
    public static void enable() {
        if (!THREADS.isThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time");
        }
        THREADS.setThreadCpuTimeEnabled(true);
    }

    /**
     * The CPU time consumed so far by each live thread whose name starts with {@code prefix}. Costs one
     * {@code ThreadMXBean} lookup per JVM thread.
     */
    public static Reading of(String prefix) {
        Map<Long, Long> nanos = new HashMap<>();
        for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith(prefix)) {
                long ns = THREADS.getThreadCpuTime(t.getThreadId());
                if (ns >= 0) {
                    nanos.put(t.getThreadId(), ns);
                }
            }
        }
        return new Reading(nanos);
    }

    /**
     * Some threads' CPU time at one moment, in nanoseconds by thread id.
     *
     * @param nanos do not modify
     */
    public record Reading(Map<Long, Long> nanos) {
        /**
         * The CPU time, in nanoseconds, the threads alive at this reading consumed since {@code earlier}; a
         * thread started in between counts from 0. A thread that ended in between is left out with what it
         * consumed in between (a server's pool replaces a thread whose task throws, or retires an idle one),
         * where a sum over all threads would lose everything it ever consumed.
         */
        public long since(Reading earlier) {
            long sum = 0;
            for (Map.Entry<Long, Long> e : nanos.entrySet()) {
                sum += e.getValue() - earlier.nanos.getOrDefault(e.getKey(), 0L);
            }
            return sum;
        }

        /** How many threads were read. */
        public int threads() {
            return nanos.size();
        }
    }
}
