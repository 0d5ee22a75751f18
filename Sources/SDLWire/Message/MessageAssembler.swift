import NIOCore

/// Reassembles multi-frame messages (PS §3.3), keyed by session, service and message id, so that messages of
/// different services may interleave.
///
/// Control and Single frames come out as messages at once. A First frame opens a message after its declared size is
/// checked against ``maximumBufferedBytes`` (the sum over all incomplete messages), so a peer cannot make us hold more
/// than that. Each incomplete message is charged at least ``minimumChargePerMessage``, so that a flood of First frames
/// declaring tiny (or empty) messages cannot grow the table of messages in flight without bound either. Consecutive
/// frames must arrive numbered 1, 2, ... 255, 1, ... and the last one 0, and their bytes must add
/// up to the declared size.
///
/// ```swift
/// var assembler = MessageAssembler()
/// for frame in frames {
///     if let message = try assembler.append(frame) { handle(message) }
/// }
/// ```
public struct MessageAssembler: Sendable {
    /// Default bound on bytes held for incomplete messages: 16 MiB, room for a few 1080p key frames.
    public static let defaultMaximumBufferedBytes = 16 << 20
    /// The least an incomplete message counts against ``maximumBufferedBytes``: its bookkeeping. With the default
    /// bound, at most 4096 messages can be in flight at once.
    public static let minimumChargePerMessage = 4_096
    /// Storage reserved up front for a new message; it grows as Consecutive frames really arrive, so a First frame
    /// that declares a large message and never follows up costs little.
    static let initialReservation = 64 << 10

    private struct Key: Hashable {
        var sessionID: UInt8
        var service: ServiceType
        var messageID: UInt32
    }

    private struct Pending {
        var first: FrameHeader
        var totalSize: Int
        /// What this message counts against the bound: its size, at least ``minimumChargePerMessage``.
        var charge: Int
        var frameCount: Int
        var received = 0
        var encrypted = false
        var bytes: ByteBuffer
    }

    /// The most bytes all incomplete messages together may declare.
    public var maximumBufferedBytes: Int
    private var pending: [Key: Pending] = [:]
    private var declaredBytes = 0

    public init(maximumBufferedBytes: Int = MessageAssembler.defaultMaximumBufferedBytes) {
        self.maximumBufferedBytes = maximumBufferedBytes
    }

    /// Messages opened by a First frame and not yet complete.
    public var pendingMessageCount: Int { pending.count }

    /// Bytes the incomplete messages count against ``maximumBufferedBytes``: each one's declared size, at least
    /// ``minimumChargePerMessage``.
    public var pendingDeclaredBytes: Int { declaredBytes }

    /// Drops every incomplete message (the transport closed).
    public mutating func reset() {
        pending.removeAll()
        declaredBytes = 0
    }

    /// Adds a frame; returns the message it completes, if any.
    ///
    /// - Throws: ``SDLWireError`` for a Consecutive frame without its First, a duplicate First, a frame number out of
    ///   order, sizes that disagree with the First frame, or a declared size over the limit. The offending message is
    ///   dropped; other messages in flight are kept.
    public mutating func append(_ frame: SDLFrame) throws(SDLWireError) -> SDLMessage? {
        let header = frame.header
        switch header.frameType {
        case .control, .single:
            return SDLMessage(frame: frame)
        case .first:
            try open(frame)
            return nil
        case .consecutive:
            return try continueMessage(with: frame)
        default:
            throw SDLWireError(.reservedFrameType(header.frameType.rawValue), context: header.description)
        }
    }

    private mutating func open(_ frame: SDLFrame) throws(SDLWireError) {
        let header = frame.header
        let key = Key(sessionID: header.sessionID, service: header.serviceType, messageID: header.messageID)
        guard pending[key] == nil else { throw SDLWireError(.duplicateFirstFrame, context: header.description) }
        let first = try FirstFramePayload(from: frame.payload)
        let total = Int(first.totalSize)
        let count = Int(first.frameCount)
        guard count >= 1 else {
            throw SDLWireError(
                .frameCountMismatch("first frame declares 0 consecutive frames"),
                context: header.description
            )
        }
        guard count <= max(total, 1) else {
            throw SDLWireError(
                .frameCountMismatch("\(count) frames for \(total) bytes"),
                context: header.description
            )
        }
        let charge = max(total, Self.minimumChargePerMessage)
        guard charge <= maximumBufferedBytes - declaredBytes else {
            throw SDLWireError(
                .reassemblyLimitExceeded(declared: first.totalSize, limit: maximumBufferedBytes - declaredBytes),
                context: header.description
            )
        }
        declaredBytes += charge
        var bytes = ByteBuffer()
        bytes.reserveCapacity(min(total, Self.initialReservation))
        pending[key] = Pending(first: header, totalSize: total, charge: charge, frameCount: count, bytes: bytes)
    }

    private mutating func continueMessage(with frame: SDLFrame) throws(SDLWireError) -> SDLMessage? {
        let header = frame.header
        let key = Key(sessionID: header.sessionID, service: header.serviceType, messageID: header.messageID)
        guard var message = pending[key] else {
            throw SDLWireError(.consecutiveWithoutFirst, context: header.description)
        }
        let expected = MessageFragmenter.frameNumber(index: message.received, count: message.frameCount)
        guard header.frameInfo == expected else {
            drop(key)
            throw SDLWireError(
                .unexpectedFrameNumber(expected: expected, got: header.frameInfo),
                context: header.description
            )
        }
        guard message.bytes.readableBytes + frame.payload.readableBytes <= message.totalSize else {
            drop(key)
            throw SDLWireError(
                .frameCountMismatch("more than the declared \(message.totalSize) bytes"),
                context: header.description
            )
        }
        var payload = frame.payload
        message.bytes.writeBuffer(&payload)
        message.received += 1
        message.encrypted = message.encrypted || header.isEncrypted
        guard message.received == message.frameCount else {
            pending[key] = message
            return nil
        }
        drop(key)
        guard message.bytes.readableBytes == message.totalSize else {
            throw SDLWireError(
                .frameCountMismatch("\(message.bytes.readableBytes) bytes received, \(message.totalSize) declared"),
                context: header.description
            )
        }
        return SDLMessage(
            version: message.first.version,
            isEncrypted: message.encrypted,
            serviceType: header.serviceType,
            controlFrameInfo: nil,
            sessionID: header.sessionID,
            messageID: header.messageID,
            payload: message.bytes
        )
    }

    private mutating func drop(_ key: Key) {
        if let message = pending.removeValue(forKey: key) {
            declaredBytes -= message.charge
        }
    }
}
