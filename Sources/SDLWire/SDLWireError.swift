/// Every error the wire format raises: what was wrong with the bytes, and where it was found.
///
/// ```swift
/// do {
///     _ = try decoder.decode(buffer: &buffer)
/// } catch let error as SDLWireError where error.kind == .payloadTooLarge(size: 200_000, limit: 131_072) {
///     // the peer announced a frame larger than the MTU
/// }
/// ```
public struct SDLWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// Header version nibble outside 1...5.
        case unsupportedVersion(UInt8)
        /// Frame type 4-7.
        case reservedFrameType(UInt8)
        /// A header's data size above the receive limit (negotiated MTU, bounded by the hard cap).
        case payloadTooLarge(size: UInt32, limit: Int)
        /// A First frame whose data size is not 8, or which is flagged encrypted.
        case malformedFirstFrame(String)
        /// A Single or First frame whose frame info is not 0.
        case nonZeroFrameInfo(UInt8)
        /// The stream ended in the middle of a frame.
        case truncatedFrame(missing: Int)
        /// A Consecutive frame arrived for a message whose First frame was never seen.
        case consecutiveWithoutFirst
        /// A First frame for a message already being reassembled.
        case duplicateFirstFrame
        /// A Consecutive frame's number is not the one expected.
        case unexpectedFrameNumber(expected: UInt8, got: UInt8)
        /// A reassembled message's frame count or size disagrees with its First frame.
        case frameCountMismatch(String)
        /// A multi-frame message would exceed the bytes the reassembler may hold.
        case reassemblyLimitExceeded(declared: UInt32, limit: Int)
        /// BSON that does not follow the format.
        case malformedBSON(String)
        /// A BSON key holds a type other than the one expected.
        case bsonTypeMismatch(key: String, expected: String, got: String)
        /// An RPC payload whose header or JSON size does not fit.
        case malformedRPCPayload(String)
        /// A protocol version string that is not "major.minor.patch".
        case malformedProtocolVersion(String)
        /// A security query whose header or sizes do not fit.
        case malformedSecurityQuery(String)
    }

    public var kind: Kind
    /// Extra context for logs (which frame, which service), when the raiser knows it.
    public var context: String?

    public init(_ kind: Kind, context: String? = nil) {
        self.kind = kind
        self.context = context
    }

    public var description: String {
        let base: String
        switch kind {
        case .unsupportedVersion(let v): base = "unsupported protocol version \(v) in frame header (1...5 allowed)"
        case .reservedFrameType(let t): base = "reserved frame type \(t) in frame header"
        case .payloadTooLarge(let size, let limit): base = "frame data size \(size) exceeds the limit of \(limit) bytes"
        case .malformedFirstFrame(let why): base = "malformed First frame: \(why)"
        case .nonZeroFrameInfo(let info): base = "single or first frame with non-zero frame info \(info)"
        case .truncatedFrame(let missing): base = "stream ended inside a frame (\(missing) bytes missing)"
        case .consecutiveWithoutFirst: base = "consecutive frame without a first frame"
        case .duplicateFirstFrame: base = "first frame for a message already being reassembled"
        case .unexpectedFrameNumber(let expected, let got):
            base = "consecutive frame number \(got), expected \(expected)"
        case .frameCountMismatch(let why): base = "multi-frame message does not match its first frame: \(why)"
        case .reassemblyLimitExceeded(let declared, let limit):
            base = "multi-frame message of \(declared) bytes exceeds the reassembly limit of \(limit) bytes"
        case .malformedBSON(let why): base = "malformed BSON: \(why)"
        case .bsonTypeMismatch(let key, let expected, let got):
            base = "BSON key '\(key)' holds \(got), expected \(expected)"
        case .malformedRPCPayload(let why): base = "malformed RPC payload: \(why)"
        case .malformedProtocolVersion(let text): base = "malformed protocol version '\(text)'"
        case .malformedSecurityQuery(let why): base = "malformed security query: \(why)"
        }
        if let context { return "\(base) (\(context))" }
        return base
    }
}
