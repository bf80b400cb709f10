package dev.dsoap.binding.qualified;

import jakarta.xml.bind.annotation.XmlRootElement;

/** Public fields, PUBLIC_MEMBER access, in a qualified schema package. */
@XmlRootElement
public class Point {
    public double x;
    public double y;
    public String tag;
}
