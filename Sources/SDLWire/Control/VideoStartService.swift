/// A video StartService's parameters (PS §3.1.3.3): the size and format the app would like to stream.
///
/// `videoProtocol` and `videoCodec` are the RPC spec's `VideoStreamingProtocol` and `VideoStreamingCodec` names
/// ("RAW", "RTP", "H264"), kept as strings so values newer than this library survive.
///
/// ```swift
/// let start = VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
/// ```
public struct VideoStartService: ControlPayload {
    public var height: Int32?
    public var width: Int32?
    public var videoProtocol: String?
    public var videoCodec: String?

    public init(height: Int32? = nil, width: Int32? = nil, videoProtocol: String? = nil, videoCodec: String? = nil) {
        self.height = height
        self.width = width
        self.videoProtocol = videoProtocol
        self.videoCodec = videoCodec
    }

    public init(document: BSONDocument) throws(SDLWireError) {
        height = try document.int32("height")
        width = try document.int32("width")
        videoProtocol = try document.string("videoProtocol")
        videoCodec = try document.string("videoCodec")
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let height { d["height"] = .int32(height) }
        if let width { d["width"] = .int32(width) }
        if let videoProtocol { d["videoProtocol"] = .string(videoProtocol) }
        if let videoCodec { d["videoCodec"] = .string(videoCodec) }
        return d
    }
}

/// The head unit's acceptance of a video (or audio) service (PS §3.1.3.3-4): the MTU for the service and, for video,
/// the accepted size and format. SDL Core echoes the request and writes `mtu` as int64; key order follows Core.
public struct MediaStartServiceACK: ControlPayload {
    public var mtu: Int64?
    public var videoProtocol: String?
    public var width: Int32?
    public var videoCodec: String?
    public var height: Int32?

    public init(
        mtu: Int64? = nil,
        videoProtocol: String? = nil,
        width: Int32? = nil,
        videoCodec: String? = nil,
        height: Int32? = nil
    ) {
        self.mtu = mtu
        self.videoProtocol = videoProtocol
        self.width = width
        self.videoCodec = videoCodec
        self.height = height
    }

    public init(document: BSONDocument) throws(SDLWireError) {
        mtu = try document.integer("mtu")
        videoProtocol = try document.string("videoProtocol")
        width = try document.int32("width")
        videoCodec = try document.string("videoCodec")
        height = try document.int32("height")
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let mtu { d["mtu"] = .int64(mtu) }
        if let videoProtocol { d["videoProtocol"] = .string(videoProtocol) }
        if let width { d["width"] = .int32(width) }
        if let videoCodec { d["videoCodec"] = .string(videoCodec) }
        if let height { d["height"] = .int32(height) }
        return d
    }
}
