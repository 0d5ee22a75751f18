/// A row's place in a ``ListView``: its section and its row within the section.
///
/// ```swift
/// let third = IndexPath(section: 0, row: 2)
/// ```
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int = 0, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    public var description: String { "\(section).\(row)" }
}
