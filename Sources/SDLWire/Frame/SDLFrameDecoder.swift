public import NIOCore

/// An incremental SDL frame decoder: feed it bytes in any chunking, get whole frames out.
///
/// It has two states: awaiting a header, and awaiting the payload of a header already parsed. The header is checked
/// (version, frame type, data size against ``maximumPayloadSize``, First-frame shape) as soon as its bytes are
/// readable and before any payload is buffered, so a hostile size never makes anyone allocate. Nothing is consumed
/// until a whole frame is readable.
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
        while true {
            switch state {
            case .awaitingHeader:
                guard let header = try FrameHeader.peek(in: buffer) else { return nil }
                try validate(header)
                buffer.moveReaderIndex(forwardBy: header.size)
                state = .awaitingPayload(header)
            case .awaitingPayload(let header):
                let size = Int(header.dataSize)
                guard let payload = buffer.readSlice(length: size) else { return nil }
                state = .awaitingHeader
                return SDLFrame(header: header, payload: payload)
            }
        }
    }

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws(SDLWireError) -> SDLFrame? {
        if let frame = try decode(buffer: &buffer) { return frame }
        guard seenEOF else { return nil }
        switch state {
        case .awaitingHeader:
            if buffer.readableBytes > 0 {
                throw SDLWireError(.truncatedFrame(missing: FrameHeader.v2Size - buffer.readableBytes))
            }
            return nil
        case .awaitingPayload(let header):
            throw SDLWireError(
                .truncatedFrame(missing: Int(header.dataSize) - buffer.readableBytes),
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
