import SDLRPC

/// Every error the streaming layer reports: what went wrong, and the context a log line needs.
///
/// Errors that happen inside the lifecycle (a NAK, an EndService from the head unit, an encoder failure) cannot be
/// thrown to anyone, so they arrive as ``VideoStreamEvent/error(_:)`` and the stream stops with
/// ``VideoStreamStopReason/failed(_:)``.
///
/// ```swift
/// for await event in manager.events() {
///     if case .error(let error) = event, error.kind == .negotiationExhausted { print(error) }
/// }
/// ```
public struct VideoStreamingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The app did not register as NAVIGATION or PROJECTION, so the head unit will not let it stream.
        case notProjectionApp
        /// The head unit said it cannot take video (`hmiCapabilities.videoStreaming == false`).
        case videoStreamingNotSupported
        /// No format both the head unit and this library speak (H.264 over RAW or RTP).
        case noSupportedFormat
        /// No head-unit size passes the app's streaming ranges (or both ranges are disabled).
        case noResolutionInRange
        /// The head unit gave no usable size: no capability size and no display size (or only zero or absurd ones).
        case noUsableResolution
        /// Every format and resolution was refused by StartServiceNAKs.
        case negotiationExhausted
        /// A StartServiceNAK named no parameter we could change (`rejectedParams` absent or unknown).
        case startServiceRejected
        /// A StartServiceACK whose size or format cannot be streamed (negative, too large, outside the ranges, a
        /// codec we do not have).
        case invalidAcknowledgement
        /// The encoder could not be created or failed to encode.
        case encoderFailed
        /// Protection was required and the head unit could not give it: it refused the app's certificate, the TLS
        /// handshake failed, or it answered without protection.
        case protectionFailed
        /// The connection failed to start, end or carry the service.
        case connectionFailed
        /// The transport closed while the stream was open.
        case transportClosed
    }

    public var kind: Kind
    /// Details for logs: the NAK's reason, what was tried, the offending values.
    public var context: String

    public init(_ kind: Kind, _ context: String = "") {
        self.kind = kind
        self.context = context
    }

    public var description: String {
        let name: String
        switch kind {
        case .notProjectionApp: name = "the app is not a NAVIGATION or PROJECTION app"
        case .videoStreamingNotSupported: name = "the head unit does not support video streaming"
        case .noSupportedFormat: name = "no video format in common with the head unit"
        case .noResolutionInRange: name = "no head-unit resolution inside the app's streaming ranges"
        case .noUsableResolution: name = "the head unit gave no usable resolution"
        case .negotiationExhausted: name = "the head unit refused every format and resolution"
        case .startServiceRejected: name = "the head unit refused the video service"
        case .invalidAcknowledgement: name = "the head unit accepted the video service with unusable parameters"
        case .encoderFailed: name = "the encoder failed"
        case .protectionFailed: name = "the video could not be protected"
        case .connectionFailed: name = "the connection failed"
        case .transportClosed: name = "the transport closed"
        }
        return context.isEmpty ? name : "\(name): \(context)"
    }
}

extension ImageResolution {
    /// The largest side the RPC spec allows (`ImageResolution` 1...10000).
    static let maximumSide = 10_000

    /// Whether both sides lie in the spec's range 1...10000: anything else is a head-unit bug we refuse.
    var isWithinSpec: Bool {
        (1...Self.maximumSide).contains(resolutionWidth) && (1...Self.maximumSide).contains(resolutionHeight)
    }
}

extension VideoStreamingError {
    /// Whether no lifecycle change can fix this error for the current registration: a projection run ends on it
    /// (no format or size in common, every format refused, a non-projection app, the encoder failing). Connection
    /// errors are not fatal here: whoever watches the connection reports them with the session's own reason.
    ///
    /// ```swift
    /// if case .error(let error) = event, error.isFatal { stopTheRun(error) }
    /// ```
    public var isFatal: Bool {
        switch kind {
        case .notProjectionApp, .videoStreamingNotSupported, .noSupportedFormat, .noResolutionInRange,
            .noUsableResolution, .negotiationExhausted, .startServiceRejected, .invalidAcknowledgement, .encoderFailed,
            .protectionFailed:
            true
        case .connectionFailed, .transportClosed:
            false
        }
    }
}
