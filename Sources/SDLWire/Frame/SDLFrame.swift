public import NIOCore

/// One SDL frame: a header and exactly `header.dataSize` payload bytes.
///
/// ```swift
/// let frame = SDLFrame.control(.heartbeatACK, service: .control, version: 5, sessionID: 1)
/// ```
public struct SDLFrame: Sendable, Equatable, CustomStringConvertible {
    public var header: FrameHeader
    /// The payload; replacing or changing it sets `header.dataSize` again, so a frame whose payload was swapped
    /// (encrypted, say) never goes out with the old length.
    public var payload: ByteBuffer {
        didSet { header.dataSize = UInt32(truncatingIfNeeded: payload.readableBytes) }
    }

    /// Builds a frame; the header's `dataSize` is set from the payload.
    public init(header: FrameHeader, payload: ByteBuffer = ByteBuffer()) {
        var header = header
        header.dataSize = UInt32(truncatingIfNeeded: payload.readableBytes)
        self.header = header
        self.payload = payload
    }

    /// A control frame with an optional BSON (or raw) payload.
    public static func control(
        _ info: ControlFrameInfo,
        service: ServiceType,
        version: UInt8,
        sessionID: UInt8,
        messageID: UInt32 = 0,
        isEncrypted: Bool = false,
        payload: ByteBuffer = ByteBuffer()
    ) -> SDLFrame {
        SDLFrame(
            header: FrameHeader(
                version: version,
                isEncrypted: isEncrypted,
                frameType: .control,
                serviceType: service,
                frameInfo: info.rawValue,
                sessionID: sessionID,
                dataSize: 0,
                messageID: messageID
            ),
            payload: payload
        )
    }

    /// The whole frame's size on the wire.
    public var wireSize: Int { header.size + payload.readableBytes }

    /// Writes header and payload to `buffer`.
    public func write(to buffer: inout ByteBuffer) {
        header.write(to: &buffer)
        buffer.writeImmutableBuffer(payload)
    }

    /// The frame as bytes (header and payload).
    public var bytes: [UInt8] {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(wireSize)
        write(to: &buffer)
        return Array(buffer.readableBytesView)
    }

    public var description: String { "SDLFrame(\(header))" }
}
