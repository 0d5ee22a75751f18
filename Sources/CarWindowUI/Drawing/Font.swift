/// A font for Pango: family, pixel size and weight.
///
/// Sizes are in view points (device pixels at scale 1), not typographic points, so text has the same size in every
/// rendering. The default family is DejaVu Sans, which Debian's `fonts-dejavu-core` installs everywhere, so
/// renderings are reproducible.
///
/// ```swift
/// let title = Font(size: 28, weight: .bold)
/// ```
public struct Font: Hashable, Sendable {
    /// Font weight, mapped to Pango's weights.
    public enum Weight: Hashable, Sendable {
        case regular
        case bold
    }

    public var family: String
    public var size: Double
    public var weight: Weight

    public init(family: String = Font.defaultFamily, size: Double, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// "DejaVu Sans".
    public static let defaultFamily = "DejaVu Sans"

    /// 18 px regular DejaVu Sans.
    public static let body = Font(size: 18)
}

/// Horizontal text alignment inside a label's bounds.
public enum TextAlignment: Hashable, Sendable {
    case leading
    case center
    case trailing
}
