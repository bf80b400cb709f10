package dev.dsoap.serialize;

/** Where a growing value looks for padding to take before the template is resized. */
public enum StealDirection {
    /** Never steal. */
    NONE,
    /** Following values only. */
    RIGHT,
    /** Preceding values only. */
    LEFT,
    /** Following values first, then preceding ones. */
    RIGHT_THEN_LEFT,
    /** Preceding values first, then following ones. */
    LEFT_THEN_RIGHT
}
