// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct SingleTireStatus: Codable, Hashable, Sendable {
    /// See ComponentVolumeStatus.
    public var status: ComponentVolumeStatus

    /// The status of TPMS according to the particular tire.
    public var tpms: TPMS?

    /// The pressure value of the particular tire in kilo pascal. Range 0...2000.
    public var pressure: Double?

    /// Creates a value from its fields; optional fields default to absent.
    public init(status: ComponentVolumeStatus, tpms: TPMS? = nil, pressure: Double? = nil) {
        self.status = status
        self.tpms = tpms
        self.pressure = pressure
    }
}
