package dev.dsoap.serialize;

/** How much room a value's field gets when a template is first written (bSOAP's stuffing). */
public enum Stuffing {
    /** Exactly the value's length: smallest messages, any growth needs room from elsewhere. */
    NONE,
    /** The type's widest lexical form (24 bytes for a double): values of bounded types never outgrow it. */
    TYPE_MAX,
    /** A fixed width ({@link SerializerConfig#stuffWidth()}) for bounded types, or the value's length if longer. */
    FIXED
}
