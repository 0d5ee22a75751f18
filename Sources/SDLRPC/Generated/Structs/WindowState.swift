// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct WindowState: Codable, Hashable, Sendable {
    /// The approximate percentage that the window is open - 0 being fully closed, 100 being fully open Range 0...100.
    public var approximatePosition: Int

    /// The percentage deviation of the approximatePosition. e.g. If the approximatePosition is 50 and the deviation is
    /// 10, then the window's location is somewhere between 40 and 60. Range 0...100.
    public var deviation: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(approximatePosition: Int, deviation: Int) {
        self.approximatePosition = approximatePosition
        self.deviation = deviation
    }
}
