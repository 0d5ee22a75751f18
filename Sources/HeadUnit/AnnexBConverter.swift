import NIOCore
import SDLMedia

/// Turns the payloads of one video service into Annex-B access units.
///
/// A converter never stops at bad input: it returns the units it could make and the errors it met, and goes on
/// with the next bytes, because one damaged packet must not end a recording.
protocol AnnexBConverter: Sendable {
    /// Feeds one video message payload; returns the access units it completes and what was wrong on the way.
    mutating func append(_ payload: ByteBuffer) -> (units: [[UInt8]], errors: [HeadUnitError])
    /// Returns what is still buffered as a last access unit (the service ended).
    mutating func flush() -> [[UInt8]]
}

/// RAW video: the app sends the Annex-B byte stream, one access unit per SDL message (as in the recorded traces).
/// The bytes go on unchanged, as Core writes them to its stream file.
struct RawAnnexBConverter: AnnexBConverter {
    mutating func append(_ payload: ByteBuffer) -> (units: [[UInt8]], errors: [HeadUnitError]) {
        guard payload.readableBytes > 0 else { return ([], []) }
        return ([Array(payload.readableBytesView)], [])
    }

    mutating func flush() -> [[UInt8]] { [] }
}

/// RTP video: RFC 4571 framing around RFC 6184 H.264 packets (single NAL unit, STAP-A, FU-A), read by SDLMedia's
/// depacketizer. Packets may span SDL messages; an access unit ends on the marker bit or a timestamp change; a
/// damaged access unit is dropped until the next IDR.
struct RTPAnnexBConverter: AnnexBConverter {
    /// An access unit larger than this is refused (a hostile stream must not grow memory without bound).
    static let maximumAccessUnitSize = 8 << 20

    private var depacketizer = RTPDepacketizer(maximumAccessUnitSize: Self.maximumAccessUnitSize)

    mutating func append(_ payload: ByteBuffer) -> (units: [[UInt8]], errors: [HeadUnitError]) {
        depacketizer.append(payload.readableBytesView)
        var units: [[UInt8]] = []
        var errors: [HeadUnitError] = []
        // A malformed packet is consumed when reported, so the loop always moves on.
        while true {
            do {
                guard let unit = try depacketizer.nextAccessUnit() else { break }
                units.append(unit.bytes)
            } catch {
                errors.append(HeadUnitError(.stream(error.description)))
            }
        }
        return (units, errors)
    }

    mutating func flush() -> [[UInt8]] {
        depacketizer.finish().map { [$0.bytes] } ?? []
    }
}
