// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct FuelRange: Codable, Hashable, Sendable {
    public var type: FuelType?

    /// The estimate range in KM the vehicle can travel based on fuel level and consumption. Range 0...10000.
    public var range: Double?

    /// The relative remaining capacity of this fuel type (percentage). Range -6...1000000.
    public var level: Double?

    /// The fuel level state
    public var levelState: ComponentVolumeStatus?

    /// The absolute capacity of this fuel type. Range 0...1000000.
    public var capacity: Double?

    /// The unit of the capacity of this fuel type such as liters for gasoline or kWh for batteries.
    public var capacityUnit: CapacityUnit?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        type: FuelType? = nil,
        range: Double? = nil,
        level: Double? = nil,
        levelState: ComponentVolumeStatus? = nil,
        capacity: Double? = nil,
        capacityUnit: CapacityUnit? = nil
    ) {
        self.type = type
        self.range = range
        self.level = level
        self.levelState = levelState
        self.capacity = capacity
        self.capacityUnit = capacityUnit
    }
}

extension FuelRange {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: FuelRange) -> FuelRange {
        FuelRange(
            type: update.type ?? type,
            range: update.range ?? range,
            level: update.level ?? level,
            levelState: update.levelState ?? levelState,
            capacity: update.capacity ?? capacity,
            capacityUnit: update.capacityUnit ?? capacityUnit
        )
    }
}
