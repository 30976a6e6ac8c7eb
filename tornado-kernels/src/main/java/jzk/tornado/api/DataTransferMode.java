package jzk.tornado.api;

/** When an {@link ExecutionPlan} copies an array between host and device (TornadoVM's modes). */
public enum DataTransferMode {
    /** Only on the first {@code execute()}: read-only inputs that stay resident afterwards. */
    FIRST_EXECUTION,
    /** On every {@code execute()}. */
    EVERY_EXECUTION,
    /** Device to host only, and only when {@link ExecutionPlan#transferToHost(Object...)} asks. */
    UNDER_DEMAND
}
