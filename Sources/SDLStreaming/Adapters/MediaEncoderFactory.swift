public import SDLMedia
import SDLMediaService
public import SDLRPC

/// The SDLMedia adapter: openh264 through ``MediaVideoEncoder``, with the RAW or RTP packetizer the negotiated format
/// asks for. Frames are SDLMedia `VideoFrame`s in any pixel format the `ColorConverter` takes (BGRA from a renderer,
/// NV12, I420).
///
/// The background frame is plain black unless `backgroundFrame` renders the message: SDLMedia draws no text, so a
/// host with a text renderer (CarWindow) passes one.
///
/// ```swift
/// let manager = VideoStreamManager(
///     settings: settings, connection: adapter, encoderFactory: MediaEncoderFactory())
/// let pool = PixelBufferPool(format: .bgra, width: stream.size.width, height: stream.size.height)
/// _ = await manager.send(pool.makeFrame(presentationTime: .zero))
/// ```
public struct MediaEncoderFactory: VideoEncoderFactory {
    /// Renders the "open the app" message at a size, or `nil` for the default black frame.
    public var backgroundFrame: (@Sendable (String, ImageResolution) -> VideoFrame?)?
    /// Encoder tuning the capability does not decide (`profile`, `usage`, `keyFrameInterval`, `keyFrameBudget`, frame
    /// skipping); size, frame rate and bit rates are replaced by the negotiated ones.
    public var baseSettings: EncoderSettings
    /// RTP packetizer options (payload type, packet size).
    public var rtpConfiguration: RTPPacketizer.Configuration

    public init(
        baseSettings: EncoderSettings = EncoderSettings(width: 16, height: 16),
        rtpConfiguration: RTPPacketizer.Configuration = .init(),
        backgroundFrame: (@Sendable (String, ImageResolution) -> VideoFrame?)? = nil
    ) {
        self.baseSettings = baseSettings
        self.rtpConfiguration = rtpConfiguration
        self.backgroundFrame = backgroundFrame
    }

    /// SDLMedia's settings for a negotiated configuration: the negotiated size and rates, the head unit's
    /// `maxBitrate` as the ceiling, everything else from ``baseSettings``.
    public func encoderSettings(for configuration: VideoEncoderConfiguration) -> EncoderSettings {
        var settings = baseSettings
        settings.width = configuration.size.width
        settings.height = configuration.size.height
        settings.frameRate = configuration.frameRate
        settings.bitrate = configuration.bitrate
        settings.maxBitrate = configuration.headUnitMaxBitrate.map { min($0, VideoEncoderConfiguration.maximumBitrate) }
        return settings
    }

    public func makeEncoder(_ configuration: VideoEncoderConfiguration) throws(MediaStreamingError) -> MediaVideoEncoder
    {
        try MediaVideoEncoder(
            settings: encoderSettings(for: configuration), format: configuration.format,
            rtpConfiguration: rtpConfiguration)
    }

    public func backgroundFrame(message: String, size: ImageResolution) -> VideoFrame? {
        if let backgroundFrame { return backgroundFrame(message, size) }
        return Self.blackFrame(size: size)
    }

    /// An I420 frame of video black (Y 16, U and V 128), or `nil` for a size SDLMedia refuses.
    static func blackFrame(size: ImageResolution) -> VideoFrame? {
        let layout = PixelFormat.i420.packedLayout(width: size.width, height: size.height)
        let buffer = PixelMemory(byteCount: layout.byteCount)
        guard
            let frame = try? VideoFrame(
                buffer: buffer, format: .i420, width: size.width, height: size.height, planes: layout.planes,
                presentationTime: .zero)
        else { return nil }
        let bytes = buffer.mutableBytes
        bytes.initializeMemory(as: UInt8.self, repeating: 128)
        let luma = layout.planes[0]
        for row in 0..<size.height {
            let start = luma.offset + row * luma.stride
            UnsafeMutableRawBufferPointer(rebasing: bytes[start..<(start + size.width)])
                .initializeMemory(as: UInt8.self, repeating: 16)
        }
        return frame
    }
}
