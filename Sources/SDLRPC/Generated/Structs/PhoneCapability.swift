// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Extended capabilities of the module's phone feature
public struct PhoneCapability: Codable, Hashable, Sendable {
    /// If the module has the ability to perform dial number
    public var dialNumberEnabled: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(dialNumberEnabled: Bool? = nil) {
        self.dialNumberEnabled = dialNumberEnabled
    }
}

extension PhoneCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: PhoneCapability) -> PhoneCapability {
        PhoneCapability(
            dialNumberEnabled: update.dialNumberEnabled ?? dialNumberEnabled
        )
    }
}
