// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct DisplayCapability: Codable, Hashable, Sendable {
    public var displayName: String?

    /// Informs the application how many windows the app is allowed to create per type. At least 1 items.
    public var windowTypeSupported: [WindowTypeCapabilities]?

    /// Contains a list of capabilities of all windows related to the app. Once the app has registered the capabilities
    /// of all windows are provided. GetSystemCapability still allows requesting window capabilities of all windows.
    /// After registration, only windows with capabilities changed will be included. Following cases will cause only
    /// affected windows to be included: 1. App creates a new window. After the window is created, a system capability
    /// notification will be sent related only to the created window. 2. App sets a new layout to the window. The new
    /// layout changes window capabilities. The notification will reflect those changes to the single window. 1...1000
    /// items.
    public var windowCapabilities: [WindowCapability]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        displayName: String? = nil,
        windowTypeSupported: [WindowTypeCapabilities]? = nil,
        windowCapabilities: [WindowCapability]? = nil
    ) {
        self.displayName = displayName
        self.windowTypeSupported = windowTypeSupported
        self.windowCapabilities = windowCapabilities
    }
}

extension DisplayCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: DisplayCapability) -> DisplayCapability {
        DisplayCapability(
            displayName: update.displayName ?? displayName,
            windowTypeSupported: update.windowTypeSupported ?? windowTypeSupported,
            windowCapabilities: update.windowCapabilities ?? windowCapabilities
        )
    }
}
