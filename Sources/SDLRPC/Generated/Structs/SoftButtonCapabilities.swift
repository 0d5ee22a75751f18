// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about a SoftButton's capabilities.
public struct SoftButtonCapabilities: Codable, Hashable, Sendable {
    /// The button supports a short press. Whenever the button is pressed short, onButtonPressed( SHORT) will be
    /// invoked.
    public var shortPressAvailable: Bool

    /// The button supports a LONG press. Whenever the button is pressed long, onButtonPressed( LONG) will be invoked.
    public var longPressAvailable: Bool

    /// The button supports "button down" and "button up". Whenever the button is pressed, onButtonEvent( DOWN) will be
    /// invoked. Whenever the button is released, onButtonEvent( UP) will be invoked.
    public var upDownAvailable: Bool

    /// The button supports referencing a static or dynamic image.
    public var imageSupported: Bool

    /// The button supports the use of text. If not included, the default value should be considered true that the
    /// button will support text.
    public var textSupported: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        shortPressAvailable: Bool,
        longPressAvailable: Bool,
        upDownAvailable: Bool,
        imageSupported: Bool,
        textSupported: Bool? = nil
    ) {
        self.shortPressAvailable = shortPressAvailable
        self.longPressAvailable = longPressAvailable
        self.upDownAvailable = upDownAvailable
        self.imageSupported = imageSupported
        self.textSupported = textSupported
    }
}
