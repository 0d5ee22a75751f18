extension VideoStreamingFormat {
    /// H.264 as a raw Annex-B byte stream, one access unit per SDL frame.
    ///
    /// ```swift
    /// if capability.supportedFormats?.contains(.h264RAW) == true { /* stream RAW */ }
    /// ```
    public static let h264RAW = VideoStreamingFormat(protocol: .raw, codec: .h264)

    /// H.264 in RTP packets (RFC 6184), each prefixed with a 2-byte length (RFC 4571).
    public static let h264RTP = VideoStreamingFormat(protocol: .rtp, codec: .h264)
}
