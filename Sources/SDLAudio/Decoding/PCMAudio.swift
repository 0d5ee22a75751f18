public import NIOCore

/// PCM ready for the head unit: bytes in ``format``, whole sample frames.
///
/// ```swift
/// let audio = try AudioFileDecoder.decode(path: "turn-left.wav", to: .default)
/// audio.frameCount   // 16_000 for one second
/// ```
public struct PCMAudio: Hashable, Sendable {
    public var format: PCMFormat
    public var bytes: ByteBuffer

    /// Wraps bytes already in `format`; a trailing partial sample frame is dropped.
    public init(format: PCMFormat, bytes: ByteBuffer) {
        self.format = format
        var bytes = bytes
        let whole = bytes.readableBytes / format.bytesPerFrame * format.bytesPerFrame
        bytes = bytes.getSlice(at: bytes.readerIndex, length: whole) ?? ByteBuffer()
        self.bytes = bytes
    }

    /// Sample frames held.
    public var frameCount: Int { bytes.readableBytes / format.bytesPerFrame }

    /// How long it plays.
    public var duration: Duration { format.duration(ofFrames: frameCount) }

    /// The samples as signed 16-bit values (8-bit samples are re-centred and scaled), for checks and analysis.
    public var samples: [Int16] {
        let view = bytes.readableBytesView
        switch format.sampleWidth {
        case .unsigned8:
            return view.map { Int16(Int($0) - 128) << 8 }
        case .signed16:
            var result: [Int16] = []
            result.reserveCapacity(view.count / 2)
            var index = view.startIndex
            while index + 1 < view.endIndex {
                result.append(Int16(bitPattern: UInt16(view[index]) | UInt16(view[index + 1]) << 8))
                index += 2
            }
            return result
        }
    }
}
