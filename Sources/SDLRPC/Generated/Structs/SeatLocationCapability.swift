// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about the locations of each seat
public struct SeatLocationCapability: Codable, Hashable, Sendable {
    /// Range 1...100.
    public var rows: Int?

    /// Range 1...100.
    public var columns: Int?

    /// Range 1...100. Head unit default: 1.
    public var levels: Int?

    /// Contains a list of SeatLocation in the vehicle
    public var seats: [SeatLocation]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(rows: Int? = nil, columns: Int? = nil, levels: Int? = nil, seats: [SeatLocation]? = nil) {
        self.rows = rows
        self.columns = columns
        self.levels = levels
        self.seats = seats
    }
}

extension SeatLocationCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: SeatLocationCapability) -> SeatLocationCapability {
        SeatLocationCapability(
            rows: update.rows ?? rows,
            columns: update.columns ?? columns,
            levels: update.levels ?? levels,
            seats: update.seats ?? seats
        )
    }
}
