// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct StabilityControlsStatus: Codable, Hashable, Sendable {
    /// true if vehicle stability control is ON, else false
    public var escSystem: VehicleDataStatus?

    /// true if vehicle trailer sway control is ON, else false
    public var trailerSwayControl: VehicleDataStatus?

    /// Creates a value from its fields; optional fields default to absent.
    public init(escSystem: VehicleDataStatus? = nil, trailerSwayControl: VehicleDataStatus? = nil) {
        self.escSystem = escSystem
        self.trailerSwayControl = trailerSwayControl
    }
}

extension StabilityControlsStatus {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: StabilityControlsStatus) -> StabilityControlsStatus {
        StabilityControlsStatus(
            escSystem: update.escSystem ?? escSystem,
            trailerSwayControl: update.trailerSwayControl ?? trailerSwayControl
        )
    }
}
