/**
 * The Eclipse Metro side of dsoap-bench's Metro benchmarks: a plain and a {@code @DifferentialSoap} echo endpoint on
 * the JDK's HTTP server, the JAX-WS handlers the benchmarks put on them, and plain Metro proxies. Loaded by dsoap-bench
 * in a class loader of its own ({@code dev.dsoap.bench.metro.MetroWorlds}), since CXF and Metro cannot share a
 * class path; {@link dev.dsoap.bench.metro.world.MetroWorld} is the one entry point, and speaks only in JDK types.
 */
package dev.dsoap.bench.metro.world;
