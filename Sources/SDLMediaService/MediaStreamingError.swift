public import SDLWire

/// Every error the media layer reports, video and audio alike: what went wrong, and the context a log line needs.
/// `MediaStreamingError` (SDLStreaming) and `MediaStreamingError` (SDLAudio) are names for this type.
///
/// Errors that happen inside a lifecycle (a NAK, an encoder failure) cannot be thrown to anyone, so they arrive as
/// the manager's `.error(_:)` event; errors of a call (pushing a file, sending on the service) are thrown.
///
/// ```swift
/// do {
///     _ = try await audio.push(file: "/tmp/prompt.mp3")
/// } catch let error where error.kind == .unsupportedFormat {
///     logger.warning("cannot play this file: \(error)")
/// }
/// for await event in video.events() {
///     if case .error(let error) = event, error.isFatal { print(error) }
/// }
/// ```
public struct MediaStreamingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        // The service and its connection (both media).

        /// The head unit refused the service with a StartServiceNAK that nothing else can answer (video: one that
        /// names no parameter the negotiation can change).
        case serviceRejected(ServiceNAK)
        /// Protection was required and the head unit could not give it: it refused the app's certificate, the TLS
        /// handshake failed, or it answered without protection.
        case protectionFailed
        /// The connection failed to start, end or carry the service (a timeout, a refused request, a session in
        /// the wrong state).
        case connectionFailed
        /// The head unit never answered the StartService (no ACK, no NAK within the session's service timeout).
        /// Fatal: a head unit that ignores one StartService ignores the next.
        case serviceNotAnswered
        /// The transport closed, or the peer stalled (as gone as a closed one).
        case transportClosed
        /// The head unit ended the service while payload was on its way (SDL Core does on NONE). The lifecycle
        /// reports the end itself once the EndService arrives; each manager decides what the lost payload means.
        case serviceEnded

        // Video: negotiation and encoding.

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
        /// A StartServiceACK whose size or format cannot be streamed (negative, too large, outside the ranges, a
        /// codec we do not have).
        case invalidAcknowledgement
        /// The encoder could not be created or failed to encode.
        case encoderFailed

        // Audio: files and PCM.

        /// The file could not be opened or read (missing, no permission, not a file).
        case fileNotReadable
        /// The file's contents are not audio the decoder understands, or are damaged.
        case undecodableFile
        /// The file holds no audio stream, or one in a codec this FFmpeg build cannot decode.
        case unsupportedFormat
        /// Decoded audio longer than the configured limit; nothing was queued.
        case tooLong
        /// PCM bytes that do not form whole samples of their declared format, or a format that cannot be used.
        case invalidPCM
        /// The resampler failed (FFmpeg's swresample).
        case conversionFailed
    }

    /// What went wrong.
    public var kind: Kind
    /// Context for logs: which service and call, the NAK's reason, the file, the offending values.
    public var detail: String

    /// Creates an error of `kind` with context.
    public init(_ kind: Kind, _ detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { detail.isEmpty ? kind.summary : "\(kind.summary): \(detail)" }

    /// Whether no lifecycle change can fix this error for the current registration: a projection run ends on it
    /// (no format or size in common, every format refused, a refused service, a non-projection app, the encoder
    /// failing). Connection errors are not fatal here: whoever watches the connection reports them with the
    /// session's own reason. An audio file or PCM error concerns one item only; the stream goes on.
    ///
    /// ```swift
    /// if case .error(let error) = event, error.isFatal { stopTheRun(error) }
    /// ```
    public var isFatal: Bool {
        switch kind {
        case .notProjectionApp, .videoStreamingNotSupported, .noSupportedFormat, .noResolutionInRange,
            .noUsableResolution, .negotiationExhausted, .serviceRejected, .invalidAcknowledgement, .encoderFailed,
            .protectionFailed, .serviceNotAnswered:
            true
        case .connectionFailed, .transportClosed, .serviceEnded, .fileNotReadable, .undecodableFile,
            .unsupportedFormat, .tooLong, .invalidPCM, .conversionFailed:
            false
        }
    }
}

extension MediaStreamingError.Kind {
    /// The kind in words, the start of every description.
    var summary: String {
        switch self {
        case .serviceRejected(let nak):
            var text = "the head unit refused the service"
            if let params = nak.rejectedParams, !params.isEmpty {
                text += " (rejected: \(params.joined(separator: ", ")))"
            }
            if let reason = nak.reason { text += " (\(reason))" }
            return text
        case .protectionFailed: return "the service could not be protected"
        case .serviceNotAnswered: return "the head unit did not answer the StartService"
        case .connectionFailed: return "the connection failed"
        case .transportClosed: return "the transport closed"
        case .serviceEnded: return "the head unit ended the service"
        case .notProjectionApp: return "the app is not a NAVIGATION or PROJECTION app"
        case .videoStreamingNotSupported: return "the head unit does not support video streaming"
        case .noSupportedFormat: return "no video format in common with the head unit"
        case .noResolutionInRange: return "no head-unit resolution inside the app's streaming ranges"
        case .noUsableResolution: return "the head unit gave no usable resolution"
        case .negotiationExhausted: return "the head unit refused every format and resolution"
        case .invalidAcknowledgement: return "the head unit accepted the video service with unusable parameters"
        case .encoderFailed: return "the encoder failed"
        case .fileNotReadable: return "audio file not readable"
        case .undecodableFile: return "audio file could not be decoded"
        case .unsupportedFormat: return "unsupported audio format"
        case .tooLong: return "audio longer than the limit"
        case .invalidPCM: return "invalid PCM"
        case .conversionFailed: return "audio conversion failed"
        }
    }
}
