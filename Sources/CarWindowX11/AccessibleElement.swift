public import CarWindow

/// One element of the projected application's accessibility tree that a driver can touch: a button, a link, an
/// entry... in viewport coordinates, clipped to the viewport.
///
/// ```swift
/// view.onAccessibleElements = { elements in
///     if let button = elements.first(where: { $0.name == "Tap me" }) { print(button.rect) }
/// }
/// ```
public struct AccessibleElement: Hashable, Sendable, CustomStringConvertible {
    /// Stable for the same accessible object: its D-Bus name and object path.
    public var key: String
    /// The AT-SPI role name ("push button", "link", ...).
    public var role: String
    /// The accessible name (the button's label), possibly empty.
    public var name: String
    public var rect: Rect

    public init(key: String, role: String, name: String, rect: Rect) {
        self.key = key
        self.role = role
        self.name = name
        self.rect = rect
    }

    public var description: String { "\(role) '\(name)' \(rect)" }
}
