/// Whether a viewport is wider than tall.
///
/// ```swift
/// Orientation(of: Size(width: 800, height: 480))   // .landscape
/// ```
public enum Orientation: Hashable, Sendable, CaseIterable {
    case landscape
    case portrait

    /// The orientation of `size`; a square counts as landscape.
    public init(of size: Size) {
        self = size.width >= size.height ? .landscape : .portrait
    }
}

/// Which display a window drives. Open for additions: the centre console today, a cluster or rear-seat display
/// later.
public struct DisplayKind: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The head unit's main screen, the only one SDL projects to today.
    public static let centerConsole = DisplayKind(rawValue: "centerConsole")
    /// An instrument cluster display.
    public static let cluster = DisplayKind(rawValue: "cluster")
    /// A rear-seat entertainment display.
    public static let rearSeat = DisplayKind(rawValue: "rearSeat")

    public var description: String { rawValue }
}
