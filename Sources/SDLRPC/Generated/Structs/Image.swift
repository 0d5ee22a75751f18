// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct Image: Codable, Hashable, Sendable {
    /// Either the static hex icon value or the binary image file name identifier (sent by PutFile). At most 65535
    /// characters.
    public var value: String

    /// Describes, whether it is a static or dynamic image.
    public var imageType: ImageType

    /// If true, the image is a template image and can be recolored by the HMI
    public var isTemplate: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(value: String, imageType: ImageType, isTemplate: Bool? = nil) {
        self.value = value
        self.imageType = imageType
        self.isTemplate = isTemplate
    }
}
