package dev.dsoap.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A selection of benchmarks for {@link Main}'s {@code --suite}: which benchmark classes run, with which
 * parameter values and how many iterations.
 *
 * @param name        the suite's name
 * @param entries     the classes and their parameter values, run in this order
 * @param warmups     warm-up iterations, or -1 for each benchmark's own
 * @param iterations  measurement iterations, or -1 for each benchmark's own
 * @param seconds     seconds per iteration, or -1 for each benchmark's own
 */
public record Suite(String name, List<Entry> entries, int warmups, int iterations, int seconds) {

    /**
     * One benchmark class.
     *
     * @param className the class's simple name, under {@code dev.dsoap.bench}
     * @param params    parameter values overriding the class's own, by parameter name
     * @param methods   a regular expression the benchmark methods to run must match whole, or {@code null}: all
     * @param warmups   warm-up iterations for this entry, or -1 for the suite's
     * @param seconds   seconds of each measured iteration for this entry, or -1 for the suite's
     * @param forks     forks of each point for this entry, or -1 for the benchmark's own
     */
    public record Entry(String className, Map<String, String[]> params, String methods, int warmups, int seconds,
            int forks) {
        public Entry(String className, Map<String, String[]> params, String methods, int warmups, int seconds) {
            this(className, params, methods, warmups, seconds, -1);
        }

        public Entry(String className, Map<String, String[]> params, String methods, int warmups) {
            this(className, params, methods, warmups, -1);
        }

        public Entry(String className, Map<String, String[]> params, String methods) {
            this(className, params, methods, -1);
        }

        public Entry(String className, Map<String, String[]> params) {
            this(className, params, null);
        }
    }

    private static final String S = "serialize.";
    private static final String D = "deserialize.";

    /**
     * The short suite, the main job's default: what dsoap buys on this machine, sized for the main job's target of ten
     * minutes on two cores, build included (see {@code docs/benchmarks.md} for the times measured). Every benchmark
     * target can be judged from it, or from the full suite's stored results where it says so. One warm-up and three
     * measured iterations of one second each, to fit the time: its figures are a first look with wide error bars, and
     * {@code docs/benchmarks.md} records the careful runs. Its end-to-end points are paired runs ({@code paired*}
     * methods): each request goes to the dsoap server and to its partners (the plain server, the transport floor) in
     * one fork, each first in turn, which measures them at the same moments and saves the forks' start-up. Left to the full suite: the other kinds, sizes and percentages, dsoap's first sends, intermediate
     * growth, stuffing, closing-tag shifts, chunk overlaying, tracked arrays, base64, serialization and
     * deserialization by item type, Axis2's reader and serializer as baselines, dsoap's engaged clients (on Axis2 and
     * CXF), binary and Fast Infoset, echoVoid latency (which needs longer warm-up than one second), the four-client
     * throughput and the separate (unpaired) runs.
     */
    public static Suite shortSuite() {
        List<Entry> e = new ArrayList<>();
        // serialization: the targets' points (perfect structural at 100 %, worst-case shifting and the content match
        // against Axis2's serializer, met by wide margins, are judged on the full suite's stored runs)
        e.add(methods(entry(S + "ContentMatchBench", "kind", "DOUBLE", "size", "100000"),
                "baselineWoodstox|dsoapContentMatch"));
        e.add(entry(S + "PerfectStructuralBench", "kind", "DOUBLE", "size", "100000", "percent", "25"));
        // and updates as feeds make them: 10 % of the values changed at random positions, each to a value of another width
        e.add(entry(S + "FeedSerializeBench", "size", "100000", "percent", "10", "pattern", "scattered", "widths", "changing,mixed"));
        // deserialization: Table 1 at P = 0 and 25 %, and nothing alike with the default adaptive bypass, beside dsoap's
        // own plain parse (P = 50 % and Axis2's reader beside Woodstox are in the full suite)
        // (two warm-up seconds at P = 0: with one, the identical message's differential read, 0.28 ms once compiled, was
        // still at 0.6-0.8 ms in the measured iterations)
        e.add(warmups(methods(entry(D + "DdsReadBench", "size", "100000", "percent", "0", "partitions", "100",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "false"), "baselineWoodstox|dsoapDds"), 2));
        e.add(methods(entry(D + "DdsReadBench", "size", "100000", "percent", "25", "partitions", "100",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "false"), "baselineWoodstox|dsoapDds"));
        e.add(warmups(entry(D + "DdsReadBench", "size", "100000", "percent", "100", "partitions", "1",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "true"), 2));
        // updates as feeds make them: 1 and 10 % of the values changed at random positions, each to a value of another
        // width (the other patterns, 25 % and same widths are in the full suite)
        e.add(methods(entry(D + "DdsReadBench", "size", "100000", "percent", "1,10", "partitions", "100",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "false", "pattern", "scattered",
                "widths", "changing"), "baselineWoodstox|dsoapDds"));
        // and 10 % on values of every width (full-precision doubles across sixteen decades, quarter-integers, integers,
        // prices, edge values): the values a new user's service sends, where each changed value costs most
        e.add(methods(entry(D + "DdsReadBench", "size", "100000", "percent", "10", "partitions", "100",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "false", "pattern", "scattered",
                "widths", "mixed"), "baselineWoodstox|dsoapDds"));
        // end to end, each point one paired run: every request goes to the dsoap server and to the plain one (and where
        // there is one, to the transport floor: the same client and bytes against a server doing no SOAP work), each
        // first in turn, so the servers are measured at the same moments and one fork does the work of two or three
        // the Axis2 POJO service called by Axis2's own RPCServiceClient (plain, default options), as POJO users call it, with
        // updates as feeds make them (10 % of the values changed at random positions, each to a value of another width),
        // beside the transport floor (the clustered 25 % point, dsoap's engaged client and the raw-bytes client of
        // Axis2EchoBench are in the full suite: the plain client's own work, some 2.5 s a call at 100K, makes each of its
        // points half a minute)
        // (in iterations of 3 s: a round of the three calls takes some 1.5 s, most of it the plain client's and plain
        // Axis2's work, and one-second iterations measured a round or two each)
        e.add(seconds(methods(entry("axis2.RpcClientEchoBench", "size", "100000", "percent", "10", "pattern", "scattered",
                "widths", "changing"), "pairedRpcClientWithFloor"), 3));
        // a request dsoap does not carry, beside plain Axis2: RPCServiceClient passing a primitive double[] (which Axis2
        // reads as no items, and dsoap leaves to Axis2 from its first bytes once two such requests failed the shape), at
        // 10K doubles, where dsoap's part of a request is the largest, in iterations of 3 s and two forks: the 3 % judged
        // is of the order of the measurement's spread (one fork of some 230 pairs: +1.0 to +4.6 % over eight forks of one
        // build, whose 989 pairs in one fork measured +1.4 %; a fork's own bias, some 1.3 %, is most of the spread, so
        // a second fork narrows it more than longer iterations would; 100K is in the full suite)
        e.add(forks(seconds(methods(entry("axis2.RpcClientEchoBench", "size", "10000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "form", "primitive"), "pairedRpcClient"), 3), 2));
        // (dsoap's own CXF client against the @DifferentialSoap endpoint, CxfEchoBench, met its targets by more than
        // twice: it is in the full suite, with binary, Fast Infoset, the other shapes, sizes and percentages)
        // 64 distinct plain clients, each on a keep-alive connection of its own with 1000 doubles of its own, 10 % of them
        // changed at random positions to values of other widths, all sending at the same moment (the harder cell: in
        // turn, each finds its state idle), beside one such client
        e.add(methods(entry("axis2.DistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "arrival", "at_once"), "pairedAxis2"));
        // and the same 64 distinct clients as plain JAX-WS proxies of a @DifferentialSoap endpoint
        e.add(methods(entry("cxf.CxfDistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "arrival", "at_once"), "pairedCxf"));
        // the same endpoints called by plain JAX-WS proxies with CXF's default client settings (no dsoap on the client,
        // CXF's 4 KiB request chunks), as most CXF users call them, with the feed-like updates and the transport floor, as
        // for Axis2 above (the clustered 25 % point is in the full suite), in iterations of 5 s: a round of the three
        // calls takes a third to three quarters of a second, and one-second iterations measured some 7 rounds, across
        // which dsoap's ratio to the floor read 1.05x, 1.34x and 1.46x in three main jobs; 3-second ones 4 rounds each at
        // width-changing values, whose 12 rounds read 1.17x and 1.47x in two main jobs of one day
        e.add(seconds(methods(entry("cxf.CxfPlainProxyEchoBench", "size", "100000", "percent", "10", "pattern",
                "scattered", "widths", "changing,mixed", "floor", "servlet"), "pairedPlainProxyWithFloor"), 5));
        // and the grid's known worst cell beside its floor: values of every width with 64 KiB request chunks, where the
        // floor is lowest and dsoap's own work (finding, parsing and formatting the changed values) weighs most. The
        // floor of both is a servlet on the same Jetty, which CXF's endpoints read and write through (the full suite runs
        // a handler of Jetty's own below that layer beside it). Two forks: a round of the three calls takes some 0.7 s, so
        // a 5-s iteration measures seven rounds and one iteration's ratio reads a few percent either side of the run's
        // (1.91x to 2.02x in one fork); the fork's own JIT adds its bias, which a second fork averages as longer
        // iterations would not
        e.add(forks(seconds(methods(entry("cxf.CxfPlainProxyEchoBench", "size", "100000", "percent", "10", "pattern",
                "scattered", "widths", "mixed", "chunks", "64k", "floor", "servlet"), "pairedPlainProxyWithFloor"), 5), 2));
        // (the standard features' points, logging, WS-Addressing and gzip on both hosts beside none, six forks at 10K
        // doubles, met their targets with room: they are in the full suite, to keep the main job in its time)
        // (echoVoid is left to the full suite: an empty call costs about 1 ms until the JIT has compiled the host's
        // stack, which takes some 10 s of calls on two cores, so one-second iterations would time the interpreter)
        // (send time against the dummy server, serialization and deserialization by item type, strings and base64 are in
        // the full suite)
        // Eclipse Metro's endpoints called by plain Metro proxies (default settings), with the feed-like updates and the
        // transport floor, at 10K doubles, in iterations of 2 s (a round of three calls takes some 110 ms, most of it the
        // Metro client's own; a plain Metro call of 100K some 0.4 s: its point, and the handlers', are in the full suite)
        e.add(seconds(methods(entry("metro.MetroPlainProxyEchoBench", "size", "10000", "percent", "10", "pattern",
                "scattered", "widths", "changing"), "pairedPlainProxyWithFloor"), 2));
        // and 64 distinct plain Metro proxies calling at once, beside one
        e.add(entry("metro.MetroDistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing"));
        // coalescing: what it saves at 64 identical concurrent requests, and what it costs with none identical (16
        // distinct), each on and off in one paired run; the distinct point in 3-second iterations (the 3 % judged
        // moved either side of the line in 1-second ones); the other batches, the mix and the transport floor are in
        // the full suite
        e.add(methods(entry("cxf.CoalesceBench", "batch", "64", "requests", "identical"), "pairedCoalesced"));
        // (after five warm-up seconds: with one, the coalescing side's extra code was not compiled yet, and a request
        // cost 2.4 ms a side in the measured iterations against 1.7-1.9 ms warm; the difference read +3.4 to +5.1 %
        // there against +1.5 to +2.3 % warm)
        e.add(warmups(seconds(methods(entry("cxf.CoalesceBench", "batch", "16", "requests", "distinct"), "pairedCoalesced"),
                3), 5));
        // and whether any answer reaches the wrong caller: two tenants told apart by an API key, half of a batch of 64
        // identical (the trial fails on an answer of the other tenant's)
        e.add(methods(entry("cxf.CoalesceBench", "batch", "64", "requests", "mix50", "callers", "2"), "dsoapCoalesced"));
        // (scale-out behind nginx is in the full suite only: its four trials at the target's points took the short suite
        // from 5.5 to 6.6 minutes, past its bound)
        return new Suite("short", e, 1, 3, 1);
    }

    /** The full suite: every benchmark with all its parameter values and its own iteration counts. */
    public static Suite fullSuite() {
        List<Entry> e = new ArrayList<>();
        for (String c : List.of(S + "ContentMatchBench", S + "PerfectStructuralBench", S + "WorstCaseShiftBench",
                S + "AlternatingShiftBench", S + "IntermediateGrowthBench", S + "StuffingBench",
                S + "ClosingTagShiftBench", S + "OverlayBench", "tracked.TrackedArrayBench", D + "BaselineReadBench", D + "CaptureReadBench",
                "axis2.Axis2EchoBench", "axis2.RpcClientEchoBench", "axis2.DistinctClientsBench", "cxf.CxfEchoBench", "cxf.CxfPlainProxyEchoBench",
                "echo.VoidLatencyBench", "send.SendTimeBench",
                S + "TypeSerializeBench", D + "TypeDeserializeBench", "binary.BinaryCodecBench", "binary.DifferentialBinaryBench", "cxf.LinkEchoBench", "cxf.CoalesceBench",
                "cxf.ScaleOutBench", "cxf.SharedFeedBench", "cxf.CxfDistinctClientsBench", "cxf.ProxyRequestReadBench")) {
            e.add(new Entry(c, Map.of()));
        }
        // send time with one HTTP chunk per template chunk (chunk overlaying on the wire), at 100K items
        e.add(entry("send.SendTimeBench", "size", "100000", "framing", "CHUNKED"));
        // Table 1: every P, T, N and size, lightweight checkpoints, no bypass (as the paper measured)
        e.add(new Entry(D + "DdsReadBench", Map.of()));
        // updates as feeds make them: scattered and every tenth, same and other widths, beside clustered runs
        e.add(entry(D + "DdsReadBench", "size", "100000", "percent", "1,10,25", "partitions", "100", "interval", "128",
                "strategy", "LIGHTWEIGHT", "adaptive", "false", "pattern", "scattered,every_kth,clustered",
                "widths", "changing,same,mixed"));
        // serialization of feed-like updates: scattered (the same or new positions each message) and every tenth, values
        // of other widths and streams of prices, beside clustered same-width runs
        e.add(entry(S + "FeedSerializeBench", "size", "100000", "percent", "1,10,25", "pattern", "scattered,every_kth",
                "positions", "fixed,drawn", "widths", "changing,prices,mixed"));
        e.add(entry(S + "FeedSerializeBench", "size", "100000", "percent", "1,10,25", "pattern", "clustered",
                "widths", "same"));
        // end to end with plain clients, updates as feeds make them: scattered and every tenth, each change of another
        // width, beside the transport floor
        e.add(entry("axis2.RpcClientEchoBench", "size", "100000", "percent", "1,10,25", "pattern", "scattered,every_kth",
                "widths", "changing"));
        // and a request dsoap leaves to Axis2 (a primitive double[]) beside plain Axis2, in one paired run a size
        e.add(methods(entry("axis2.RpcClientEchoBench", "size", "10000,100000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "form", "primitive"), "pairedRpcClient"));
        // the standard features production endpoints switch on (logging, WS-Addressing, gzip), on the endpoints and on
        // the plain proxies calling them, beside none, in one run
        e.add(methods(entry("cxf.CxfPlainProxyEchoBench", "size", "10000", "percent", "10", "pattern", "scattered",
                "widths", "changing", "features", "none,logging_addressing,logging_addressing_gzip"), "pairedPlainProxy"));
        // JAX-WS handlers on the endpoints (one reading the request's header, one stamping a block into each answer,
        // both; one timing from context properties, a logical one letting messages pass, a payload logger), beside none,
        // in one run
        e.add(methods(entry("cxf.CxfPlainProxyEchoBench", "size", "10000", "percent", "10", "pattern", "scattered",
                "widths", "changing", "features", "none,header_reader,header_stamper,header_handlers,timing,logical_passing,"
                        + "payload_logger"), "pairedPlainProxy"));
        // many distinct plain Metro proxies at once, anonymous and named
        e.add(entry("metro.MetroDistinctClientsBench", "clients", "1,8,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "names", "anonymous,named"));
        // Eclipse Metro: its endpoints on the JDK HTTP server and as sun-jaxws.xml web applications in Tomcat, called by
        // plain Metro proxies, beside the transport floor, at both sizes; and the same JAX-WS handlers beside none, in
        // one run
        e.add(methods(entry("metro.MetroPlainProxyEchoBench", "size", "10000,100000", "percent", "10", "pattern", "scattered",
                "widths", "changing", "container", "jdk,tomcat"), "pairedPlainProxyWithFloor"));
        e.add(methods(entry("metro.MetroPlainProxyEchoBench", "size", "10000", "percent", "10", "pattern", "scattered",
                "widths", "changing", "features", "none,header_reader,header_stamper,header_handlers,timing,logical_passing,"
                        + "payload_logger"), "pairedPlainProxy"));
        // and the binary anchor: plain Metro's Fast Infoset between Metro peers beside dsoap's binary form between dsoap's
        // peers (DsoapClient against the dsoap endpoint), at both sizes
        e.add(methods(entry("metro.MetroPlainProxyEchoBench", "size", "10000,100000", "percent", "10", "pattern", "scattered",
                "widths", "changing"), "pairedPeers"));
        // and on Axis2: the WS-Addressing handlers, and compressed requests, on the servers and the plain RPCServiceClient
        e.add(methods(entry("axis2.RpcClientEchoBench", "size", "10000", "percent", "10", "pattern", "scattered",
                "widths", "changing", "features", "none,addressing,addressing_gzip"), "pairedRpcClient"));
        e.add(entry("axis2.DistinctClientsBench", "clients", "1,16,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing"));
        // clients calling at once, up to four times dsoap.states (64) on CXF: more clients than states lose only the
        // excess; values of every width on both hosts; anonymous clients and clients naming themselves (X-Dsoap-Client). Axis2's SimpleHTTPServer up to 64: with 256 connections at once
        // it took 41 s a round and dropped connections, with or without dsoap
        e.add(entry("axis2.DistinctClientsBench", "clients", "1,8,32,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing,mixed", "arrival", "at_once", "names", "anonymous,named"));
        e.add(entry("cxf.CxfDistinctClientsBench", "clients", "1,8,32,64,128,256", "size", "1000", "percent", "10",
                "pattern", "scattered", "widths", "changing,mixed", "arrival", "at_once", "names", "anonymous,named"));
        // the same at once with ints and strings (another value of the same kind at each change) and with structs (MIOs,
        // their doubles of other widths), at one client and at dsoap.states
        e.add(entry("axis2.DistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "hard", "shape", "ints,strings", "arrival", "at_once"));
        e.add(entry("axis2.DistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "shape", "mios", "arrival", "at_once"));
        e.add(entry("cxf.CxfDistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "hard", "shape", "ints,strings", "arrival", "at_once"));
        e.add(entry("cxf.CxfDistinctClientsBench", "clients", "1,64", "size", "1000", "percent", "10", "pattern",
                "scattered", "widths", "changing", "shape", "mios", "arrival", "at_once"));
        e.add(entry("cxf.CxfPlainProxyEchoBench", "size", "100000", "percent", "1,10,25", "pattern",
                "scattered,every_kth", "widths", "changing"));
        // the short suite's floor cells against a floor below Jetty's servlet layer too (a handler of Jetty's own, which
        // no servlet-based stack such as CXF can reach): what the servlet layer's reads and writes cost beside dsoap's own
        e.add(seconds(methods(entry("cxf.CxfPlainProxyEchoBench", "size", "100000", "percent", "10", "pattern",
                "scattered", "widths", "mixed", "chunks", "default,64k", "floor", "servlet,jetty"), "pairedPlainProxyWithFloor"), 5));
        // Figure 2: checkpoint overhead when every message differs, per strategy and interval
        e.add(entry(D + "DdsReadBench", "size", "10000,50000,100000", "percent", "100", "partitions", "1",
                "interval", "32,64,128,256,512,1024", "strategy", "FULL,DIFFERENTIAL,LIGHTWEIGHT", "adaptive", "false"));
        // the default configuration when nothing is alike: adaptive bypass
        e.add(entry(D + "DdsReadBench", "size", "100000", "percent", "100", "partitions", "1",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "true"));
        // response sharing in a window (pre-serialization analysis paper): Table 1, the trie at every chunk size and
        // depth beside the hash index (which has no depth) at every chunk size; Table 2, every window, array and chunk
        // size, plain and DS templates beside the window writer and the policy
        e.add(methods(new Entry("sharing.ChunkIndexBench", Map.of()), "trie"));
        e.add(methods(entry("sharing.ChunkIndexBench", "depth", "35"), "hash"));
        e.add(new Entry("sharing.SharingBench", Map.of()));
        return new Suite("full", e, -1, -1, -1);
    }

    /** {@code e} with only the methods {@code regex} matches whole. */
    private static Entry methods(Entry e, String regex) {
        return new Entry(e.className(), e.params(), regex, e.warmups(), e.seconds(), e.forks());
    }

    /** {@code e} measured in iterations of {@code n} seconds each (the suite's warm-up time and iteration count). */
    private static Entry seconds(Entry e, int n) {
        return new Entry(e.className(), e.params(), e.methods(), e.warmups(), n, e.forks());
    }

    /** {@code e} with {@code n} warm-up iterations in place of the suite's. */
    private static Entry warmups(Entry e, int n) {
        return new Entry(e.className(), e.params(), e.methods(), n, e.seconds(), e.forks());
    }

    /** {@code e} run in {@code n} forks a point in place of the benchmark's own. */
    private static Entry forks(Entry e, int n) {
        return new Entry(e.className(), e.params(), e.methods(), e.warmups(), e.seconds(), n);
    }

    private static Entry entry(String cls, String... kv) {
        Map<String, String[]> p = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1].split(","));
        }
        return new Entry(cls, p);
    }
}
