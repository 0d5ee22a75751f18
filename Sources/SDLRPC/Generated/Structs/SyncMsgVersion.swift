// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Specifies the version number of the SmartDeviceLink protocol that is supported by the mobile application
public struct SyncMsgVersion: Codable, Hashable, Sendable {
    /// The major version indicates versions that is not-compatible to previous versions. Range 1...10.
    public var majorVersion: Int

    /// The minor version indicates a change to a previous version that should still allow to be run on an older version
    /// (with limited functionality) Range 0...1000.
    public var minorVersion: Int

    /// The patch version indicates a fix to existing functionality in a previous version that should still be able to
    /// be run on an older version Range 0...1000.
    public var patchVersion: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(majorVersion: Int, minorVersion: Int, patchVersion: Int? = nil) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.patchVersion = patchVersion
    }
}
