// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct VrHelpItem: Codable, Hashable, Sendable {
    /// Text to display for VR Help item At most 500 characters.
    public var text: String

    /// Image struct for VR Help item
    public var image: Image?

    /// Position to display item in VR Help list Range 1...100.
    public var position: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(text: String, image: Image? = nil, position: Int) {
        self.text = text
        self.image = image
        self.position = position
    }
}
