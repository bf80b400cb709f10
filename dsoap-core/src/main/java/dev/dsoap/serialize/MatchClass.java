package dev.dsoap.serialize;

/** How a message compared with the template behind it (bSOAP's four cases). */
public enum MatchClass {
    /** Every value equal: the template was resent as it is. */
    CONTENT,
    /** Same structure, some values changed, each fitted its field: overwritten in place. */
    PERFECT_STRUCTURAL,
    /** Values outgrew their fields, or arrays changed length, or nils appeared or went: the template was resized. */
    PARTIAL_STRUCTURAL,
    /** No usable template (first message, discarded, evicted, or the adaptive policy chose it): full serialization. */
    FIRST_SEND
}
