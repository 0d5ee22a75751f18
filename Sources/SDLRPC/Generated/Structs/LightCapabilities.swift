// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct LightCapabilities: Codable, Hashable, Sendable {
    public var name: LightName

    /// Indicates if the status (ON/OFF) can be set remotely. App shall not use read-only values
    /// (RAMP_UP/RAMP_DOWN/UNKNOWN/INVALID) in a setInteriorVehicleData request.
    public var statusAvailable: Bool?

    /// Indicates if the light's density can be set remotely (similar to a dimmer).
    public var densityAvailable: Bool?

    /// Indicates if the light's color can be set remotely by using the sRGB color space.
    public var rgbColorSpaceAvailable: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        name: LightName,
        statusAvailable: Bool? = nil,
        densityAvailable: Bool? = nil,
        rgbColorSpaceAvailable: Bool? = nil
    ) {
        self.name = name
        self.statusAvailable = statusAvailable
        self.densityAvailable = densityAvailable
        self.rgbColorSpaceAvailable = rgbColorSpaceAvailable
    }
}
