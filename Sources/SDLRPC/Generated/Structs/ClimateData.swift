// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ClimateData: Codable, Hashable, Sendable {
    /// The external temperature in degrees celsius
    public var externalTemperature: Temperature?

    /// Internal ambient cabin temperature in degrees celsius
    public var cabinTemperature: Temperature?

    /// Current atmospheric pressure in mBar Range 0...2000.
    public var atmosphericPressure: Double?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        externalTemperature: Temperature? = nil,
        cabinTemperature: Temperature? = nil,
        atmosphericPressure: Double? = nil
    ) {
        self.externalTemperature = externalTemperature
        self.cabinTemperature = cabinTemperature
        self.atmosphericPressure = atmosphericPressure
    }
}

extension ClimateData {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: ClimateData) -> ClimateData {
        ClimateData(
            externalTemperature: update.externalTemperature ?? externalTemperature,
            cabinTemperature: update.cabinTemperature ?? cabinTemperature,
            atmosphericPressure: update.atmosphericPressure ?? atmosphericPressure
        )
    }
}
