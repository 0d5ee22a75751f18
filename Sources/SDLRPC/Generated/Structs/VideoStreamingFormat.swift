// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Video streaming formats and their specifications.
public struct VideoStreamingFormat: Codable, Hashable, Sendable {
    /// Protocol type, see VideoStreamingProtocol
    public var `protocol`: VideoStreamingProtocol

    /// Codec type, see VideoStreamingCodec
    public var codec: VideoStreamingCodec

    /// Creates a value from its fields; optional fields default to absent.
    public init(`protocol`: VideoStreamingProtocol, codec: VideoStreamingCodec) {
        self.`protocol` = `protocol`
        self.codec = codec
    }
}
