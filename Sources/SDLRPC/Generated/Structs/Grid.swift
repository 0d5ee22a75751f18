// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes a location (origin coordinates and span) of a vehicle component.
public struct Grid: Codable, Hashable, Sendable {
    /// Range -1...100.
    public var col: Int

    /// Range -1...100.
    public var row: Int

    /// Range -1...100. Head unit default: 0.
    public var level: Int?

    /// Range 1...100. Head unit default: 1.
    public var colspan: Int?

    /// Range 1...100. Head unit default: 1.
    public var rowspan: Int?

    /// Range 1...100. Head unit default: 1.
    public var levelspan: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        col: Int,
        row: Int,
        level: Int? = nil,
        colspan: Int? = nil,
        rowspan: Int? = nil,
        levelspan: Int? = nil
    ) {
        self.col = col
        self.row = row
        self.level = level
        self.colspan = colspan
        self.rowspan = rowspan
        self.levelspan = levelspan
    }
}
