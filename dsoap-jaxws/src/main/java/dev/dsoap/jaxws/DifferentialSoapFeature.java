package dev.dsoap.jaxws;

import org.apache.cxf.Bus;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.feature.DelegatingFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * dsoap as a CXF feature, for where an annotation on the classes is not wanted:
 * {@code @org.apache.cxf.feature.Features(classes = DifferentialSoapFeature.class)} on an endpoint, a
 * feature of a {@code JaxWsServerFactoryBean} or {@code JaxWsProxyFactoryBean} (or a Spring
 * {@code <jaxws:features>} entry), or a bus feature (then every endpoint and client the bus builds is carried: given
 * before the bus starts, with {@code bus.setFeatures}, or added to {@code bus.getFeatures()} on a running bus, where
 * {@link AnnotationListener} installs it on each endpoint and client created afterwards).
 * Settings come from {@code dsoap.*} endpoint or bus properties, else from {@link DifferentialSoap} when the
 * classes carry it too, else the defaults. Thread-safe.
 */
public final class DifferentialSoapFeature extends DelegatingFeature<DifferentialSoapFeature.Portable> {
    public DifferentialSoapFeature() {
        super(new Portable());
    }

    /** The portable feature behind {@link DifferentialSoapFeature}. */
    public static final class Portable implements AbstractPortableFeature {
        @Override
        public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
            DsoapInterceptor.install(provider);
        }
    }
}
