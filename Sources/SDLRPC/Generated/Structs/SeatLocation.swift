// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes the location of a seat.
public struct SeatLocation: Codable, Hashable, Sendable {
    public var grid: Grid?

    /// Creates a value from its fields; optional fields default to absent.
    public init(grid: Grid? = nil) {
        self.grid = grid
    }
}

extension SeatLocation {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: SeatLocation) -> SeatLocation {
        SeatLocation(
            grid: update.grid ?? grid
        )
    }
}
