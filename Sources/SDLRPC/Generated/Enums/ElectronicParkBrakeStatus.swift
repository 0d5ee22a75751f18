// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ElectronicParkBrakeStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Park brake actuators have been fully applied.
    public static let closed = ElectronicParkBrakeStatus(rawValue: "CLOSED")

    /// Park brake actuators are transitioning to either Apply/Closed or Release/Open state.
    public static let transition = ElectronicParkBrakeStatus(rawValue: "TRANSITION")

    /// Park brake actuators are released.
    public static let `open` = ElectronicParkBrakeStatus(rawValue: "OPEN")

    /// When driver pulls the Electronic Park Brake switch while driving "at speed".
    public static let driveActive = ElectronicParkBrakeStatus(rawValue: "DRIVE_ACTIVE")

    /// When system has a fault or is under maintenance.
    public static let fault = ElectronicParkBrakeStatus(rawValue: "FAULT")
}
