// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ImageField: Codable, Hashable, Sendable {
    /// The name that identifies the field. See ImageFieldName.
    public var name: ImageFieldName

    /// The image types that are supported in this field. See FileType. 1...100 items.
    public var imageTypeSupported: [FileType]

    /// The image resolution of this field.
    public var imageResolution: ImageResolution?

    /// Creates a value from its fields; optional fields default to absent.
    public init(name: ImageFieldName, imageTypeSupported: [FileType], imageResolution: ImageResolution? = nil) {
        self.name = name
        self.imageTypeSupported = imageTypeSupported
        self.imageResolution = imageResolution
    }
}
