// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains detailed information about the registered application.
public struct AppInfo: Codable, Hashable, Sendable {
    /// The name displayed for the mobile application on the mobile device (can differ from the app name set in the
    /// initial RAI request). At most 100 characters.
    public var appDisplayName: String

    /// The AppBundleID of an iOS application or package name of the Android application. This supports App Launch
    /// strategies for each platform. At most 256 characters.
    public var appBundleID: String

    /// Represents the build version number of this particular mobile app. At most 256 characters.
    public var appVersion: String

    /// A file reference to the icon utilized by this app (simplifies the process of setting an app icon during app
    /// registration). At most 500 characters.
    public var appIcon: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(appDisplayName: String, appBundleID: String, appVersion: String, appIcon: String? = nil) {
        self.appDisplayName = appDisplayName
        self.appBundleID = appBundleID
        self.appVersion = appVersion
        self.appIcon = appIcon
    }
}
