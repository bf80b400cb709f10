package dev.dsoap.jaxws.it;

import dev.dsoap.testing.HugeRequests;
import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.BusStatsMXBean;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Run by {@link InFlightHeapTest} in a JVM of a fixed heap: a CXF endpoint, plain or with dsoap, takes {@code n}
 * requests of {@code mb} MB each at once (an array of short strings, which CXF refuses past its
 * {@code org.apache.cxf.stax.maxChildElements}); prints the heap's peak and, with dsoap, its counters.
 * Arguments: {@code plain|dsoap n mb [dsoap.maxInFlightBytes]}.
 */
public final class InFlightProbe {
    private InFlightProbe() {
    }

    public static void main(String[] args) throws Exception {
        boolean dsoap = args[0].equals("dsoap");
        int n = Integer.parseInt(args[1]);
        long bytes = Long.parseLong(args[2]) * 1_000_000L;
        byte[] head = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoStrings xmlns:ns2=\"" + Echo.NS + "\">").getBytes(StandardCharsets.UTF_8);
        byte[] item = "<values>abcdefgh</values>".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "</ns2:echoStrings></soap:Body></soap:Envelope>".getBytes(StandardCharsets.UTF_8);
        try (Cxf cxf = new Cxf()) {
            if (args.length > 3) {
                cxf.bus.setProperty("dsoap.maxInFlightBytes", args[3]);
            }
            String address = cxf.publish(dsoap ? new DsoapDefaultsEchoImpl() : new EchoImpl());
            // warm up: a small request the same way
            List<HugeRequests.Outcome> warm = HugeRequests.send(address, 1, 2000, head, item, tail, "");
            System.out.println("WARM status=" + warm.get(0).status());
            List<HugeRequests.Outcome> out;
            long pools;
            long sampled;
            long baseline;
            try (HugeRequests.Peak peak = HugeRequests.Peak.reset()) {
                out = HugeRequests.send(address, n, bytes, head, item, tail, "");
                pools = peak.poolPeaks();
                sampled = peak.sampledMax();
                baseline = peak.baseline;
            }
            StringBuilder statuses = new StringBuilder();
            long sent = 0;
            for (HugeRequests.Outcome o : out) {
                statuses.append(statuses.length() == 0 ? "" : ",").append(o.status());
                sent += o.sent();
            }
            System.out.printf("PEAK mode=%s n=%d mb=%d baseline=%d pools=%d sampled=%d statuses=%s sentMB=%d%n",
                    args[0], n, bytes / 1_000_000, baseline, pools, sampled, statuses, sent / 1_000_000);
            MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
            if (dsoap) {
                Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=CxfModule,*"), null);
                BusStatsMXBean bus = JMX.newMXBeanProxy(mbs, names.iterator().next(), BusStatsMXBean.class);
                // a replay CXF stopped reading is given back when it is collected: bounded wait
                for (int i = 0; i < 50 && bus.getInFlightBytes() > 0; i++) {
                    System.gc();
                    Thread.sleep(100);
                }
                Map<String, Long> fallbacks = new TreeMap<>();
                for (ObjectName on : mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,*"), null)) {
                    OperationStatsMXBean st = JMX.newMXBeanProxy(mbs, on, OperationStatsMXBean.class);
                    st.getReadFallbacks().forEach((k, v) -> fallbacks.merge(k, v, Long::sum));
                }
                System.out.printf("DSOAP inFlight=%d inFlightPeak=%d inFlightLimit=%d refusals=%d used=%d tooLarge=%d busy=%d%n",
                        bus.getInFlightBytes(), bus.getInFlightPeakBytes(), bus.getInFlightLimitBytes(), bus.getInFlightRefusals(),
                        bus.getMemoryUsedBytes(), count(fallbacks, "TOO_LARGE"), count(fallbacks, "IN_FLIGHT"));
                System.out.println("FALLBACKS " + fallbacks);
            }
        } catch (OutOfMemoryError e) {
            System.out.println("OOM " + e);
        }
        System.out.println("DONE");
        System.exit(0);
    }

    private static long count(Map<String, Long> m, String key) {
        for (Map.Entry<String, Long> e : m.entrySet()) {
            if (e.getKey().toUpperCase(java.util.Locale.ROOT).contains(key)) {
                return e.getValue();
            }
        }
        return 0;
    }
}
