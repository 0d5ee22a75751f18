// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct Temperature: Codable, Hashable, Sendable {
    /// Temperature Unit
    public var unit: TemperatureUnit

    /// Temperature Value in TemperatureUnit specified unit. Range depends on OEM and is not checked by SDL.
    public var value: Double

    /// Creates a value from its fields; optional fields default to absent.
    public init(unit: TemperatureUnit, value: Double) {
        self.unit = unit
        self.value = value
    }
}
