public import SDLWire

/// Every error the audio layer raises: what went wrong, with the context that makes it actionable.
///
/// ```swift
/// do {
///     _ = try await manager.push(file: "/tmp/prompt.mp3")
/// } catch let error where error.kind == .unsupportedFormat {
///     logger.warning("cannot play this file: \(error)")
/// }
/// ```
public struct AudioStreamingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
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
        /// The head unit refused the audio service (StartServiceNAK).
        case serviceRejected(ServiceNAK)
        /// The connection failed while starting, ending or sending on the audio service.
        case connectionFailed
        /// The transport closed.
        case transportClosed
        /// The head unit ended the audio service while a chunk was on its way (SDL Core does on NONE); the
        /// lifecycle reports it as ``AudioStreamEvent/stopped(_:)``, so the manager does not report this as an error.
        case serviceEnded
    }

    /// What went wrong.
    public var kind: Kind
    /// Context for logs: the file, the FFmpeg message, the byte counts.
    public var detail: String

    /// Creates an error of `kind` with context.
    public init(_ kind: Kind, _ detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    public var description: String {
        let base: String
        switch kind {
        case .fileNotReadable: base = "audio file not readable"
        case .undecodableFile: base = "audio file could not be decoded"
        case .unsupportedFormat: base = "unsupported audio format"
        case .tooLong: base = "audio longer than the limit"
        case .invalidPCM: base = "invalid PCM"
        case .conversionFailed: base = "audio conversion failed"
        case .serviceRejected(let nak):
            var text = "head unit refused the audio service"
            if let params = nak.rejectedParams, !params.isEmpty {
                text += " (rejected: \(params.joined(separator: ", ")))"
            }
            if let reason = nak.reason { text += ": \(reason)" }
            base = text
        case .connectionFailed: base = "audio service connection failed"
        case .transportClosed: base = "transport closed"
        case .serviceEnded: base = "the head unit ended the audio service"
        }
        return detail.isEmpty ? base : "\(base): \(detail)"
    }
}
