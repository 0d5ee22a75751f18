// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct VehicleType: Codable, Hashable, Sendable {
    /// Make of the vehicle, e.g. Ford At most 500 characters.
    public var make: String?

    /// Model of the vehicle, e.g. Fiesta At most 500 characters.
    public var model: String?

    /// Model Year of the vehicle, e.g. 2013 At most 500 characters.
    public var modelYear: String?

    /// Trim of the vehicle, e.g. SE At most 500 characters.
    public var trim: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(make: String? = nil, model: String? = nil, modelYear: String? = nil, trim: String? = nil) {
        self.make = make
        self.model = model
        self.modelYear = modelYear
        self.trim = trim
    }
}

extension VehicleType {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: VehicleType) -> VehicleType {
        VehicleType(
            make: update.make ?? make,
            model: update.model ?? model,
            modelYear: update.modelYear ?? modelYear,
            trim: update.trim ?? trim
        )
    }
}
