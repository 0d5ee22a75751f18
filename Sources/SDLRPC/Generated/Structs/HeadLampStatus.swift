// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct HeadLampStatus: Codable, Hashable, Sendable {
    /// Status of the low beam lamps. References signal "HeadLampLoActv_B_Stat".
    public var lowBeamsOn: Bool

    /// Status of the high beam lamps. References signal "HeadLghtHiOn_B_Stat".
    public var highBeamsOn: Bool

    /// Status of the ambient light sensor.
    public var ambientLightSensorStatus: AmbientLightStatus?

    /// Creates a value from its fields; optional fields default to absent.
    public init(lowBeamsOn: Bool, highBeamsOn: Bool, ambientLightSensorStatus: AmbientLightStatus? = nil) {
        self.lowBeamsOn = lowBeamsOn
        self.highBeamsOn = highBeamsOn
        self.ambientLightSensorStatus = ambientLightSensorStatus
    }
}
