public import NIOCore

/// An incremental SDL frame decoder: feed it bytes in any chunking, get whole frames out.
///
/// It has two states: awaiting a header, and awaiting the payload of a header already parsed. The header is checked
/// (version, frame type, data size against ``maximumPayloadSize``, frame info and First-frame shape) as soon as its
/// bytes are readable and before any payload is buffered, so a hostile size never makes anyone allocate. Nothing is
/// consumed until a whole frame is readable: the parsed header is kept in the state so it is not checked twice, and the
/// header and payload bytes leave the buffer together.
///
/// The same decoder runs in a NIO pipeline (`ByteToMessageHandler(SDLFrameDecoder())`), over an async sequence of
/// buffers (`NIOSingleStepByteToMessageProcessor`), and inside the head-unit emulator.
///
/// ```swift
/// var decoder = SDLFrameDecoder(maximumPayloadSize: 131_072)
/// var bytes = ByteBuffer(bytes: received)
/// while let frame = try decoder.decode(buffer: &bytes) {
///     print(frame.header)
/// }
/// ```
public struct SDLFrameDecoder: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = SDLFrame

    private enum State {
        case awaitingHeader
        case awaitingPayload(FrameHeader)
    }

    private var state: State = .awaitingHeader
    /// The receive limit for one frame's payload. Clamped to ``MTU/hardPayloadCap``.
    public var maximumPayloadSize: Int {
        didSet { maximumPayloadSize = min(max(maximumPayloadSize, 0), MTU.hardPayloadCap) }
    }

    /// - Parameter maximumPayloadSize: the largest payload a frame may announce; defaults to the v3+ MTU (131 072).
    public init(maximumPayloadSize: Int = MTU.v3PlusPayloadLimit) {
        self.maximumPayloadSize = min(max(maximumPayloadSize, 0), MTU.hardPayloadCap)
    }

    public mutating func decode(buffer: inout ByteBuffer) throws(SDLWireError) -> SDLFrame? {
        let header: FrameHeader
        switch state {
        case .awaitingHeader:
            guard let peeked = try FrameHeader.peek(in: buffer) else { return nil }
            try validate(peeked)
            state = .awaitingPayload(peeked)
            header = peeked
        case .awaitingPayload(let parsed):
            header = parsed
        }
        let frameSize = header.size + Int(header.dataSize)
        guard buffer.readableBytes >= frameSize,
            let payload = buffer.getSlice(at: buffer.readerIndex + header.size, length: Int(header.dataSize))
        else { return nil }
        buffer.moveReaderIndex(forwardBy: frameSize)
        state = .awaitingHeader
        return SDLFrame(header: header, payload: payload)
    }

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws(SDLWireError) -> SDLFrame? {
        if let frame = try decode(buffer: &buffer) { return frame }
        guard seenEOF, buffer.readableBytes > 0 else { return nil }
        switch state {
        case .awaitingHeader:
            // `decode` returned nil without throwing, so the first byte (if any) names a valid version.
            let version = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self).map { $0 >> 4 } ?? 2
            throw SDLWireError(
                .truncatedFrame(missing: FrameHeader.size(forVersion: version) - buffer.readableBytes),
                context: "partial header at end of stream"
            )
        case .awaitingPayload(let header):
            throw SDLWireError(
                .truncatedFrame(missing: header.size + Int(header.dataSize) - buffer.readableBytes),
                context: header.description
            )
        }
    }

    private func validate(_ header: FrameHeader) throws(SDLWireError) {
        guard Int(header.dataSize) <= maximumPayloadSize else {
            throw SDLWireError(
                .payloadTooLarge(size: header.dataSize, limit: maximumPayloadSize),
                context: header.description
            )
        }
        // PS §3.2.1, §3.3.1.2: frame info is reserved (0x00) on Single and First frames; sdl_ios drops such frames.
        if header.frameType == .single || header.frameType == .first, header.frameInfo != 0 {
            throw SDLWireError(.nonZeroFrameInfo(header.frameInfo), context: header.description)
        }
        if header.frameType == .first {
            guard !header.isEncrypted else {
                throw SDLWireError(.malformedFirstFrame("encryption bit set"), context: header.description)
            }
            guard header.dataSize == FirstFramePayload.size else {
                throw SDLWireError(
                    .malformedFirstFrame("data size \(header.dataSize), expected 8"),
                    context: header.description
                )
            }
        }
    }
}

/// Writes ``SDLFrame``s to the wire in a NIO pipeline.
public struct SDLFrameEncoder: MessageToByteEncoder, Sendable {
    public typealias OutboundIn = SDLFrame

    public init() {}

    public func encode(data: SDLFrame, out: inout ByteBuffer) {
        data.write(to: &out)
    }
}
