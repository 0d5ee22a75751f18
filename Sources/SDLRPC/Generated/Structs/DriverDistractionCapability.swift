// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct DriverDistractionCapability: Codable, Hashable, Sendable {
    /// The number of items allowed in a Choice Set or Command menu while the driver is distracted
    public var menuLength: Int?

    /// The depth of submenus allowed when the driver is distracted. e.g. 3 == top level menu -> submenu -> submenu; 1
    /// == top level menu only At least 1.
    public var subMenuDepth: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(menuLength: Int? = nil, subMenuDepth: Int? = nil) {
        self.menuLength = menuLength
        self.subMenuDepth = subMenuDepth
    }
}

extension DriverDistractionCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: DriverDistractionCapability) -> DriverDistractionCapability {
        DriverDistractionCapability(
            menuLength: update.menuLength ?? menuLength,
            subMenuDepth: update.subMenuDepth ?? subMenuDepth
        )
    }
}
