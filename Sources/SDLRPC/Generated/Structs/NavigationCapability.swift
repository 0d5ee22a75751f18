// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Extended capabilities for an onboard navigation system
public struct NavigationCapability: Codable, Hashable, Sendable {
    /// If the module has the ability to add locations to the onboard nav
    public var sendLocationEnabled: Bool?

    /// If the module has the ability to return way points from onboard nav
    public var getWayPointsEnabled: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(sendLocationEnabled: Bool? = nil, getWayPointsEnabled: Bool? = nil) {
        self.sendLocationEnabled = sendLocationEnabled
        self.getWayPointsEnabled = getWayPointsEnabled
    }
}

extension NavigationCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: NavigationCapability) -> NavigationCapability {
        NavigationCapability(
            sendLocationEnabled: update.sendLocationEnabled ?? sendLocationEnabled,
            getWayPointsEnabled: update.getWayPointsEnabled ?? getWayPointsEnabled
        )
    }
}
