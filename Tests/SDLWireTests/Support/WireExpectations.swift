import NIOCore
import SDLWire
import Testing

/// The case of an ``SDLWireError/Kind`` without its associated values, for checks where the values are prose.
enum WireErrorCase: String, Sendable {
    case unsupportedVersion, reservedFrameType, payloadTooLarge, malformedFirstFrame, nonZeroFrameInfo, truncatedFrame
    case consecutiveWithoutFirst, duplicateFirstFrame, unexpectedFrameNumber, frameCountMismatch
    case reassemblyLimitExceeded, malformedBSON, bsonTypeMismatch, malformedRPCPayload, malformedProtocolVersion
    case malformedSecurityQuery
}

extension SDLWireError.Kind {
    var errorCase: WireErrorCase {
        switch self {
        case .unsupportedVersion: .unsupportedVersion
        case .reservedFrameType: .reservedFrameType
        case .payloadTooLarge: .payloadTooLarge
        case .malformedFirstFrame: .malformedFirstFrame
        case .nonZeroFrameInfo: .nonZeroFrameInfo
        case .truncatedFrame: .truncatedFrame
        case .consecutiveWithoutFirst: .consecutiveWithoutFirst
        case .duplicateFirstFrame: .duplicateFirstFrame
        case .unexpectedFrameNumber: .unexpectedFrameNumber
        case .frameCountMismatch: .frameCountMismatch
        case .reassemblyLimitExceeded: .reassemblyLimitExceeded
        case .malformedBSON: .malformedBSON
        case .bsonTypeMismatch: .bsonTypeMismatch
        case .malformedRPCPayload: .malformedRPCPayload
        case .malformedProtocolVersion: .malformedProtocolVersion
        case .malformedSecurityQuery: .malformedSecurityQuery
        }
    }
}

/// Runs `body` and checks that it throws an ``SDLWireError`` of exactly `expected` (associated values included).
func expectWireError<T>(
    _ expected: SDLWireError.Kind,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) {
    do {
        let value = try body()
        Issue.record("expected \(expected), got a value: \(value)", sourceLocation: sourceLocation)
    } catch let error as SDLWireError {
        #expect(error.kind == expected, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record(
            "expected SDLWireError \(expected), got \(type(of: error)): \(error)",
            sourceLocation: sourceLocation
        )
    }
}

/// Runs `body` and checks that it throws an ``SDLWireError`` of the case `expected`, whose description mentions
/// `mentioning` when given.
func expectWireError<T>(
    _ expected: WireErrorCase,
    mentioning text: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) {
    do {
        let value = try body()
        Issue.record("expected \(expected), got a value: \(value)", sourceLocation: sourceLocation)
    } catch let error as SDLWireError {
        #expect(error.kind.errorCase == expected, "\(error)", sourceLocation: sourceLocation)
        if let text {
            #expect(error.description.contains(text), "\(error)", sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record(
            "expected SDLWireError \(expected), got \(type(of: error)): \(error)",
            sourceLocation: sourceLocation
        )
    }
}

/// Feeding helpers that drive ``SDLFrameDecoder`` the way `ByteToMessageHandler` does: append a chunk, decode until
/// `nil`, keep the rest.
enum Feed {
    /// Decodes `bytes` delivered in chunks of the given sizes (the last chunk takes whatever is left).
    static func frames(
        _ bytes: [UInt8],
        chunks: [Int] = [],
        decoder: SDLFrameDecoder = SDLFrameDecoder()
    ) throws(SDLWireError) -> (frames: [SDLFrame], leftover: Int) {
        var decoder = decoder
        var buffer = ByteBuffer()
        var frames: [SDLFrame] = []
        var offset = 0
        var sizes = chunks.makeIterator()
        while offset < bytes.count {
            let size = min(max(sizes.next() ?? bytes.count, 1), bytes.count - offset)
            buffer.writeBytes(bytes[offset..<(offset + size)])
            offset += size
            while let frame = try decoder.decode(buffer: &buffer) { frames.append(frame) }
        }
        while let frame = try decoder.decodeLast(buffer: &buffer, seenEOF: true) { frames.append(frame) }
        return (frames, buffer.readableBytes)
    }

    /// The bytes of `frames` back to back.
    static func wire(_ frames: [SDLFrame]) -> [UInt8] {
        var buffer = ByteBuffer()
        for frame in frames { frame.write(to: &buffer) }
        return buffer.bytes
    }

    /// Decodes `bytes` into frames and assembles them into messages.
    static func messages(
        _ bytes: [UInt8],
        chunks: [Int] = [],
        decoder: SDLFrameDecoder = SDLFrameDecoder(),
        assembler: inout MessageAssembler
    ) throws(SDLWireError) -> [SDLMessage] {
        var messages: [SDLMessage] = []
        for frame in try Self.frames(bytes, chunks: chunks, decoder: decoder).frames {
            if let message = try assembler.append(frame) { messages.append(message) }
        }
        return messages
    }
}
