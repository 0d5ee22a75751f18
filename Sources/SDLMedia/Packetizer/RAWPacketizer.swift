/// Turns an access unit into a RAW video payload: its NAL units, each behind a 4-byte start code (H.264 Annex B;
/// sdl_ios's `SDLRAWH264Packetizer` writes the same).
///
/// One payload is one SDL message. Input may use 3- or 4-byte start codes; the output always uses 4-byte ones,
/// and empty NAL units are dropped.
///
/// ```swift
/// var raw = RAWPacketizer()
/// let payload = raw.packetize(unit) // 00 00 00 01 67 ... 00 00 00 01 68 ... 00 00 00 01 65 ...
/// ```
public struct RAWPacketizer: Sendable {
    private var output: [UInt8] = []

    /// Creates a packetizer.
    public init() {}

    /// The RAW payload for `unit`.
    public mutating func packetize(_ unit: EncodedAccessUnit) -> [UInt8] {
        packetize(annexB: unit.bytes)
    }

    /// The RAW payload for the Annex-B bytes of one access unit.
    public mutating func packetize(annexB bytes: [UInt8]) -> [UInt8] {
        // Reusing `output` keeps its storage when the caller has dropped the previous payload.
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(bytes.count + 16)
        AnnexB.forEachNALUnit(in: bytes) { range in
            output.append(contentsOf: AnnexB.startCode)
            output.append(contentsOf: bytes[range])
        }
        return output
    }
}
