// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of the eCall Notification.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ECallConfirmationStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let normal = ECallConfirmationStatus(rawValue: "NORMAL")

    public static let callInProgress = ECallConfirmationStatus(rawValue: "CALL_IN_PROGRESS")

    public static let callCancelled = ECallConfirmationStatus(rawValue: "CALL_CANCELLED")

    public static let callCompleted = ECallConfirmationStatus(rawValue: "CALL_COMPLETED")

    public static let callUnsuccessful = ECallConfirmationStatus(rawValue: "CALL_UNSUCCESSFUL")

    public static let ecallConfiguredOff = ECallConfirmationStatus(rawValue: "ECALL_CONFIGURED_OFF")

    public static let callCompleteDtmfTimeout = ECallConfirmationStatus(rawValue: "CALL_COMPLETE_DTMF_TIMEOUT")
}
