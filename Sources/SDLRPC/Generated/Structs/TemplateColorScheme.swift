// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// A color scheme for all display layout templates.
public struct TemplateColorScheme: Codable, Hashable, Sendable {
    /// The primary "accent" color
    public var primaryColor: RGBColor?

    /// The secondary "accent" color
    public var secondaryColor: RGBColor?

    /// The color of the background
    public var backgroundColor: RGBColor?

    /// Creates a value from its fields; optional fields default to absent.
    public init(primaryColor: RGBColor? = nil, secondaryColor: RGBColor? = nil, backgroundColor: RGBColor? = nil) {
        self.primaryColor = primaryColor
        self.secondaryColor = secondaryColor
        self.backgroundColor = backgroundColor
    }
}

extension TemplateColorScheme {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: TemplateColorScheme) -> TemplateColorScheme {
        TemplateColorScheme(
            primaryColor: update.primaryColor ?? primaryColor,
            secondaryColor: update.secondaryColor ?? secondaryColor,
            backgroundColor: update.backgroundColor ?? backgroundColor
        )
    }
}
