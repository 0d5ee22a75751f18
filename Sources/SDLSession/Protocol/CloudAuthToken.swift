/// The token a head unit hands a cloud app in the RPC StartServiceACK (`authToken`, protocol 5.2 and newer): SDL
/// Core sends the `auth_token` of the app's policy-table entry, so a cloud app's server can tell which head unit (or
/// which car maker's fleet) dialed it, and refuse one it does not know.
///
/// A secret: its description never shows the value, so printing a ``SessionParameters`` or an event that carries
/// it logs only that there is one. Read ``value`` to check it.
///
/// ```swift
/// if let token = try await session.parameters?.authToken, token.value != expected {
///     await session.close()   // not a head unit this server serves
/// }
/// print(token)   // "auth token (32 bytes)"
/// ```
public struct CloudAuthToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token as the head unit sent it.
    public var value: String

    public init(_ value: String) {
        self.value = value
    }

    /// "auth token (N bytes)": never the value.
    public var description: String { "auth token (\(value.utf8.count) bytes)" }

    public var debugDescription: String { description }
}
