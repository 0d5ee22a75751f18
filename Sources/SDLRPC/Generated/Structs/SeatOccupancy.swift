// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct SeatOccupancy: Codable, Hashable, Sendable {
    /// Seat status array containing location and whether the seats are occupied. 0...100 items.
    public var seatsOccupied: [SeatStatus]?

    /// Seat status array containing location and whether the seats are belted. 0...100 items.
    public var seatsBelted: [SeatStatus]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(seatsOccupied: [SeatStatus]? = nil, seatsBelted: [SeatStatus]? = nil) {
        self.seatsOccupied = seatsOccupied
        self.seatsBelted = seatsBelted
    }
}

extension SeatOccupancy {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: SeatOccupancy) -> SeatOccupancy {
        SeatOccupancy(
            seatsOccupied: update.seatsOccupied ?? seatsOccupied,
            seatsBelted: update.seatsBelted ?? seatsBelted
        )
    }
}
