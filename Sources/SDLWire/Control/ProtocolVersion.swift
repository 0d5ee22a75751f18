/// An SDL protocol version, "major.minor.patch" as the RPC StartService and its ACK carry it (PS §4.2).
///
/// ```swift
/// let version = try ProtocolVersion("5.4.1")
/// version.major            // 5
/// version < ProtocolVersion(5, 4, 1)
/// ```
public struct ProtocolVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The highest version CarWindow speaks.
    public static let supported = ProtocolVersion(5, 4, 1)

    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses "M.m.p" (also "M.m" and "M").
    public init(_ text: String) throws(SDLWireError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { throw SDLWireError(.malformedProtocolVersion(text)) }
        var numbers: [Int] = []
        for part in parts {
            // Digits only: `Int("+5")` and `Int("-0")` would parse, but "+5.-0.1" is not a version.
            guard (1...9).contains(part.utf8.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(part)
            else {
                throw SDLWireError(.malformedProtocolVersion(text))
            }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    public static func < (lhs: ProtocolVersion, rhs: ProtocolVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
