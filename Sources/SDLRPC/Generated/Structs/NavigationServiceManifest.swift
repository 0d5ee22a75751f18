// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct NavigationServiceManifest: Codable, Hashable, Sendable {
    /// Informs the subscriber if this service can actually accept way points.
    public var acceptsWayPoints: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(acceptsWayPoints: Bool? = nil) {
        self.acceptsWayPoints = acceptsWayPoints
    }
}

extension NavigationServiceManifest {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: NavigationServiceManifest) -> NavigationServiceManifest {
        NavigationServiceManifest(
            acceptsWayPoints: update.acceptsWayPoints ?? acceptsWayPoints
        )
    }
}
