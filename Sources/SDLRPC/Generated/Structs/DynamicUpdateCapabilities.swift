// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct DynamicUpdateCapabilities: Codable, Hashable, Sendable {
    /// An array of ImageFieldName values for which the system supports sending OnFileUpdate notifications. If you send
    /// an Image struct for that image field with a name without having uploaded the image data using PutFile that
    /// matches that name, the system will request that you upload the data with PutFile at a later point when the HMI
    /// needs it. The HMI will then display the image in the appropriate field. If not sent, assume false. At least 1
    /// items.
    public var supportedDynamicImageFieldNames: [ImageFieldName]?

    /// If true, the head unit supports dynamic sub-menus by sending OnUpdateSubMenu notifications. If true, you should
    /// not send AddCommands that attach to a parentID for an AddSubMenu until OnUpdateSubMenu is received with the
    /// menuID. At that point, you should send all AddCommands with a parentID that match the menuID. If not set, assume
    /// false.
    public var supportsDynamicSubMenus: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(supportedDynamicImageFieldNames: [ImageFieldName]? = nil, supportsDynamicSubMenus: Bool? = nil) {
        self.supportedDynamicImageFieldNames = supportedDynamicImageFieldNames
        self.supportsDynamicSubMenus = supportsDynamicSubMenus
    }
}

extension DynamicUpdateCapabilities {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: DynamicUpdateCapabilities) -> DynamicUpdateCapabilities {
        DynamicUpdateCapabilities(
            supportedDynamicImageFieldNames: update.supportedDynamicImageFieldNames ?? supportedDynamicImageFieldNames,
            supportsDynamicSubMenus: update.supportsDynamicSubMenus ?? supportsDynamicSubMenus
        )
    }
}
