import NIOCore
import SDLWire

/// Turns bytes in arbitrary chunks into frames, with a receive limit that can change after MTU negotiation.
///
/// Both the TCP handler and the in-memory transport use it, so every transport refuses the same bad input the same
/// way. (SDLWire's decoder is a `NIOSingleStepByteToMessageDecoder`; NIO's processor around it does not let the limit
/// change, so this small loop owns the decoder instead.)
struct FrameReceiver {
    private var decoder: SDLFrameDecoder
    private var buffer = ByteBuffer()

    init(maximumPayloadSize: Int = MTU.v3PlusPayloadLimit) {
        decoder = SDLFrameDecoder(maximumPayloadSize: maximumPayloadSize)
    }

    var maximumPayloadSize: Int {
        get { decoder.maximumPayloadSize }
        set { decoder.maximumPayloadSize = newValue }
    }

    /// Bytes received that do not yet make a whole frame.
    var bufferedBytes: Int { buffer.readableBytes }

    mutating func append(_ bytes: ByteBuffer) {
        var bytes = bytes
        buffer.writeBuffer(&bytes)
    }

    /// The next whole frame, or `nil` until more bytes arrive.
    mutating func next() throws(SDLWireError) -> SDLFrame? {
        let frame = try decoder.decode(buffer: &buffer)
        if buffer.readerIndex > 4096 { buffer.discardReadBytes() }
        return frame
    }

    /// The stream ended: a frame left incomplete is an error.
    mutating func finish() throws(SDLWireError) -> SDLFrame? {
        try decoder.decodeLast(buffer: &buffer, seenEOF: true)
    }
}
