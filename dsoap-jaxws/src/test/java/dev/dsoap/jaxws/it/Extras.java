package dev.dsoap.jaxws.it;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import jakarta.xml.ws.Holder;

/** A service of what dsoap carries beyond plain parameters: Holders, SOAP header parts, JAXB adapters. */
@WebService(name = "Extras", targetNamespace = Echo.NS)
public interface Extras {
    /** Holders: the label in-out, the minimum and the values sorted out; returns the sum. */
    double split(@WebParam(name = "values") double[] values,
                 @WebParam(name = "label", mode = WebParam.Mode.INOUT) Holder<String> label,
                 @WebParam(name = "min", mode = WebParam.Mode.OUT) Holder<Double> min,
                 @WebParam(name = "sorted", mode = WebParam.Mode.OUT) Holder<double[]> sorted);

    /** A void method whose results are in-out holders of arrays. */
    void swap(@WebParam(name = "words", mode = WebParam.Mode.INOUT) Holder<String[]> words,
              @WebParam(name = "mios", mode = WebParam.Mode.INOUT) Holder<Mio[]> mios);

    /** Two SOAP header parts beside the body's values; the answer spells out what arrived. */
    String stamp(@WebParam(name = "values") double[] values,
                 @WebParam(name = "token", header = true) String token,
                 @WebParam(name = "scale", header = true) Double scale);

    /** Adapters on the parameters and the result, one of them in an in-out Holder. */
    @XmlJavaTypeAdapter(CelsiusAdapter.class)
    Celsius warmer(@WebParam(name = "t") @XmlJavaTypeAdapter(CelsiusAdapter.class) Celsius t,
                   @WebParam(name = "label", mode = WebParam.Mode.INOUT) @XmlJavaTypeAdapter(LabelAdapter.class) Holder<Label> label);

    /** An adapter inside a bean: not carried (counted as a fallback), answered by CXF all the same. */
    Tagged tag(@WebParam(name = "t") Tagged t);
}
