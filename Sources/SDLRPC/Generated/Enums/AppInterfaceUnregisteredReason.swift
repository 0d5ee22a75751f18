// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Error code, which comes from the module side.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct AppInterfaceUnregisteredReason: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let ignitionOff = AppInterfaceUnregisteredReason(rawValue: "IGNITION_OFF")

    public static let bluetoothOff = AppInterfaceUnregisteredReason(rawValue: "BLUETOOTH_OFF")

    public static let usbDisconnected = AppInterfaceUnregisteredReason(rawValue: "USB_DISCONNECTED")

    public static let requestWhileInNoneHmiLevel =
        AppInterfaceUnregisteredReason(rawValue: "REQUEST_WHILE_IN_NONE_HMI_LEVEL")

    public static let tooManyRequests = AppInterfaceUnregisteredReason(rawValue: "TOO_MANY_REQUESTS")

    public static let driverDistractionViolation =
        AppInterfaceUnregisteredReason(rawValue: "DRIVER_DISTRACTION_VIOLATION")

    public static let languageChange = AppInterfaceUnregisteredReason(rawValue: "LANGUAGE_CHANGE")

    public static let masterReset = AppInterfaceUnregisteredReason(rawValue: "MASTER_RESET")

    public static let factoryDefaults = AppInterfaceUnregisteredReason(rawValue: "FACTORY_DEFAULTS")

    public static let appUnauthorized = AppInterfaceUnregisteredReason(rawValue: "APP_UNAUTHORIZED")

    public static let protocolViolation = AppInterfaceUnregisteredReason(rawValue: "PROTOCOL_VIOLATION")

    public static let unsupportedHmiResource = AppInterfaceUnregisteredReason(rawValue: "UNSUPPORTED_HMI_RESOURCE")

    /// By sending this value, SDL unregisters the application to allow the HMI to close the application.
    public static let resourceConstraint = AppInterfaceUnregisteredReason(rawValue: "RESOURCE_CONSTRAINT")
}
