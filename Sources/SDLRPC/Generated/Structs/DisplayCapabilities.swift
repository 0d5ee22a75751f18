// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about the display capabilities. This struct is deprecated; please see the new SystemCapability
/// DISPLAYS and corresponding struct DisplayCapability
public struct DisplayCapabilities: Codable, Hashable, Sendable {
    /// The type of the display. See DisplayType Deprecated in the spec, still sent by head units.
    public var displayType: DisplayType

    /// The name of the display the app is connected to.
    public var displayName: String?

    /// A set of all fields that support text data. See TextField 1...100 items.
    public var textFields: [TextField]

    /// A set of all fields that support images. See ImageField 1...100 items.
    public var imageFields: [ImageField]?

    /// A set of all supported formats of the media clock. See MediaClockFormat 0...100 items.
    public var mediaClockFormats: [MediaClockFormat]

    /// The display's persistent screen supports referencing a static or dynamic image.
    public var graphicSupported: Bool

    /// A set of all predefined persistent display templates available on headunit. To be referenced in
    /// SetDisplayLayout. At most 100 characters. 0...100 items.
    public var templatesAvailable: [String]?

    /// A set of all parameters related to a prescribed screen area (e.g. for video / touch input).
    public var screenParams: ScreenParams?

    /// The number of on-screen custom presets available (if any); otherwise omitted. Range 1...100.
    public var numCustomPresetsAvailable: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        displayType: DisplayType,
        displayName: String? = nil,
        textFields: [TextField],
        imageFields: [ImageField]? = nil,
        mediaClockFormats: [MediaClockFormat],
        graphicSupported: Bool,
        templatesAvailable: [String]? = nil,
        screenParams: ScreenParams? = nil,
        numCustomPresetsAvailable: Int? = nil
    ) {
        self.displayType = displayType
        self.displayName = displayName
        self.textFields = textFields
        self.imageFields = imageFields
        self.mediaClockFormats = mediaClockFormats
        self.graphicSupported = graphicSupported
        self.templatesAvailable = templatesAvailable
        self.screenParams = screenParams
        self.numCustomPresetsAvailable = numCustomPresetsAvailable
    }
}
