// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct TPMS: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// If set the status of the tire is not known.
    public static let unknown = TPMS(rawValue: "UNKNOWN")

    /// TPMS does not function.
    public static let systemFault = TPMS(rawValue: "SYSTEM_FAULT")

    /// The sensor of the tire does not function.
    public static let sensorFault = TPMS(rawValue: "SENSOR_FAULT")

    /// TPMS is reporting a low tire pressure for the tire.
    public static let low = TPMS(rawValue: "LOW")

    /// TPMS is active and the tire pressure is monitored.
    public static let systemActive = TPMS(rawValue: "SYSTEM_ACTIVE")

    /// TPMS is reporting that the tire must be trained.
    public static let train = TPMS(rawValue: "TRAIN")

    /// TPMS reports the training for the tire is completed.
    public static let trainingComplete = TPMS(rawValue: "TRAINING_COMPLETE")

    /// TPMS reports the tire is not trained.
    public static let notTrained = TPMS(rawValue: "NOT_TRAINED")
}
