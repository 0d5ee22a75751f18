public import NIOCore

/// The 8-byte payload of a First frame (PS §2.3, §3.3.1): the message's total (unencrypted) size and how many
/// Consecutive frames follow, both big-endian u32.
///
/// ```swift
/// let first = FirstFramePayload(totalSize: 300_000, frameCount: 3)
/// ```
public struct FirstFramePayload: Hashable, Sendable {
    /// A First frame's data size is always 8.
    public static let size: UInt32 = 8

    public var totalSize: UInt32
    public var frameCount: UInt32

    public init(totalSize: UInt32, frameCount: UInt32) {
        self.totalSize = totalSize
        self.frameCount = frameCount
    }

    /// Reads the payload of a First frame.
    public init(from payload: ByteBuffer) throws(SDLWireError) {
        guard payload.readableBytes == Int(Self.size),
            let total: UInt32 = payload.getInteger(at: payload.readerIndex, endianness: .big),
            let count: UInt32 = payload.getInteger(at: payload.readerIndex + 4, endianness: .big)
        else {
            throw SDLWireError(.malformedFirstFrame("payload of \(payload.readableBytes) bytes, expected 8"))
        }
        self.totalSize = total
        self.frameCount = count
    }

    public var buffer: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(totalSize, endianness: .big)
        buffer.writeInteger(frameCount, endianness: .big)
        return buffer
    }
}
