public import SDLWire

/// Every error the head-unit emulator raises or reports: what went wrong, and with which app.
///
/// Errors caused by an app never escape the emulator: they are answered on the wire (NAK, `INVALID_DATA`, closing
/// that app's connection), logged, and delivered as ``HeadUnitEvent/error(_:)``.
///
/// ```swift
/// for await event in headUnit.events() {
///     if case .error(let error) = event { print(error) }
/// }
/// ```
public struct HeadUnitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The listening socket could not be opened.
        case bindFailed(String)
        /// An app sent bytes that are not SDL frames; its connection was closed.
        case malformedFrame(String)
        /// An app broke its WebSocket link (an oversized or text message, a protocol violation); its connection was
        /// closed.
        case webSocket(WebSocketFailure)
        /// An app sent an RPC whose header or JSON is unusable.
        case invalidRPC(String)
        /// An app broke the protocol's order (a service before registration, an unknown session, ...).
        case protocolViolation(String)
        /// A stream could not be depacketized or recorded.
        case stream(String)
        /// A recording or event-log file could not be written.
        case file(String)
        /// A runtime control named an app that is not connected.
        case unknownApp(Int)
        /// A runtime control was invalid (a touch outside FULL, a bad size, ...).
        case invalidControl(String)
    }

    public var kind: Kind
    /// The app concerned, when known.
    public var app: AppID?

    public init(_ kind: Kind, app: AppID? = nil) {
        self.kind = kind
        self.app = app
    }

    public var description: String {
        let base: String
        switch kind {
        case .bindFailed(let why): base = "cannot listen: \(why)"
        case .malformedFrame(let why): base = "malformed frame: \(why)"
        case .webSocket(let failure): base = "WebSocket: \(failure)"
        case .invalidRPC(let why): base = "invalid RPC: \(why)"
        case .protocolViolation(let why): base = "protocol violation: \(why)"
        case .stream(let why): base = "stream: \(why)"
        case .file(let why): base = "file: \(why)"
        case .unknownApp(let id): base = "no connected app \(id)"
        case .invalidControl(let why): base = "invalid control: \(why)"
        }
        if let app { return "\(app): \(base)" }
        return base
    }
}

/// One app connection to the emulator. Connections are numbered from 1 in the order they were accepted; the number
/// is never reused while the emulator runs.
public struct AppID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "app \(rawValue)" }
}
