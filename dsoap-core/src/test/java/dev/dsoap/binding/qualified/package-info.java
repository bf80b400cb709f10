/** Test beans under a package-level {@code @XmlSchema} with qualified elements. */
@XmlSchema(namespace = "urn:q", elementFormDefault = XmlNsForm.QUALIFIED)
package dev.dsoap.binding.qualified;

import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
