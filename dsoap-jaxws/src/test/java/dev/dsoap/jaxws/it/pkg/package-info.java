/** A service whose package adapts {@link dev.dsoap.jaxws.it.Celsius} for every parameter and result of that type. */
@XmlJavaTypeAdapter(value = CelsiusAdapter.class, type = Celsius.class)
package dev.dsoap.jaxws.it.pkg;

import dev.dsoap.jaxws.it.Celsius;
import dev.dsoap.jaxws.it.CelsiusAdapter;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
