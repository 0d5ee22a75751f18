/// The 28-bit function id in an RPC payload header (PS §5.2.1).
///
/// The set is open: a head unit newer than this library may send ids we have no name for, and those must survive a
/// decode so they can be reported. Named constants live in `SDLRPC`, generated from `MOBILE_API.xml`.
///
/// ```swift
/// let id = FunctionID(rawValue: 0x8000)   // OnHMIStatus
/// ```
public struct FunctionID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The id as it travels on the wire (only the low 28 bits are meaningful).
    public let rawValue: UInt32

    /// Wraps a raw function id. Bits above the low 28 are masked off, as the header has no room for them.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue & 0x0FFF_FFFF
    }

    public var description: String { "FunctionID(\(rawValue))" }
}
