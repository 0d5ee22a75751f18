// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct TextFieldName: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The first line of first set of main fields of the persistent display; applies to "Show"
    public static let mainField1 = TextFieldName(rawValue: "mainField1")

    /// The second line of first set of main fields of the persistent display; applies to "Show"
    public static let mainField2 = TextFieldName(rawValue: "mainField2")

    /// The first line of second set of main fields of persistent display; applies to "Show"
    public static let mainField3 = TextFieldName(rawValue: "mainField3")

    /// The second line of second set of main fields of the persistent display; applies to "Show"
    public static let mainField4 = TextFieldName(rawValue: "mainField4")

    /// The status bar on NGN; applies to "Show"
    public static let statusBar = TextFieldName(rawValue: "statusBar")

    /// Text value for MediaClock field; applies to "Show" Deprecated in the spec.
    public static let mediaClock = TextFieldName(rawValue: "mediaClock")

    /// The track field of NGN and GEN1.1 MFD displays. This field is only available for media applications; applies to
    /// "Show"
    public static let mediaTrack = TextFieldName(rawValue: "mediaTrack")

    /// The title of the new template that will be displayed; applies to "Show"
    public static let templateTitle = TextFieldName(rawValue: "templateTitle")

    /// The first line of the alert text field; applies to "Alert"
    public static let alertText1 = TextFieldName(rawValue: "alertText1")

    /// The second line of the alert text field; applies to "Alert"
    public static let alertText2 = TextFieldName(rawValue: "alertText2")

    /// The third line of the alert text field; applies to "Alert"
    public static let alertText3 = TextFieldName(rawValue: "alertText3")

    /// Long form body of text that can include newlines and tabs; applies to "ScrollableMessage"
    public static let scrollableMessageBody = TextFieldName(rawValue: "scrollableMessageBody")

    /// First line suggestion for a user response (in the case of VR enabled interaction)
    public static let initialInteractionText = TextFieldName(rawValue: "initialInteractionText")

    /// First line of navigation text
    public static let navigationText1 = TextFieldName(rawValue: "navigationText1")

    /// Second line of navigation text
    public static let navigationText2 = TextFieldName(rawValue: "navigationText2")

    /// Estimated Time of Arrival time for navigation
    public static let eta = TextFieldName(rawValue: "ETA")

    /// Total distance to destination for navigation
    public static let totalDistance = TextFieldName(rawValue: "totalDistance")

    /// First line of text for audio pass thru
    public static let audioPassThruDisplayText1 = TextFieldName(rawValue: "audioPassThruDisplayText1")

    /// Second line of text for audio pass thru
    public static let audioPassThruDisplayText2 = TextFieldName(rawValue: "audioPassThruDisplayText2")

    /// Header text for slider
    public static let sliderHeader = TextFieldName(rawValue: "sliderHeader")

    /// Footer text for slider
    public static let sliderFooter = TextFieldName(rawValue: "sliderFooter")

    /// Primary text for Choice
    public static let menuName = TextFieldName(rawValue: "menuName")

    /// Secondary text for Choice
    public static let secondaryText = TextFieldName(rawValue: "secondaryText")

    /// Tertiary text for Choice
    public static let tertiaryText = TextFieldName(rawValue: "tertiaryText")

    /// Optional text to label an app menu button (for certain touchscreen platforms).
    public static let menuTitle = TextFieldName(rawValue: "menuTitle")

    /// Optional name / title of intended location for SendLocation.
    public static let locationName = TextFieldName(rawValue: "locationName")

    /// Optional description of intended location / establishment (if applicable) for SendLocation.
    public static let locationDescription = TextFieldName(rawValue: "locationDescription")

    /// Optional location address (if applicable) for SendLocation.
    public static let addressLines = TextFieldName(rawValue: "addressLines")

    /// Optional phone number of intended location / establishment (if applicable) for SendLocation.
    public static let phoneNumber = TextFieldName(rawValue: "phoneNumber")

    /// Optional time to destination field for ShowConstantTBT
    public static let timeToDestination = TextFieldName(rawValue: "timeToDestination")

    /// Turn text for turnList parameter of UpdateTurnList
    public static let turnText = TextFieldName(rawValue: "turnText")

    /// The first line of the subtle alert text field; applies to `SubtleAlert` `alertText1`
    public static let subtleAlertText1 = TextFieldName(rawValue: "subtleAlertText1")

    /// The second line of the subtle alert text field; applies to `SubtleAlert` `alertText2`
    public static let subtleAlertText2 = TextFieldName(rawValue: "subtleAlertText2")

    /// A text field in the soft button of a subtle alert; applies to `SubtleAlert` `softButtons`
    public static let subtleAlertSoftButtonText = TextFieldName(rawValue: "subtleAlertSoftButtonText")

    /// Secondary text for AddCommand
    public static let menuCommandSecondaryText = TextFieldName(rawValue: "menuCommandSecondaryText")

    /// Tertiary text for AddCommand
    public static let menuCommandTertiaryText = TextFieldName(rawValue: "menuCommandTertiaryText")

    /// Secondary text for AddSubMenu
    public static let menuSubMenuSecondaryText = TextFieldName(rawValue: "menuSubMenuSecondaryText")

    /// Tertiary text for AddSubMenu
    public static let menuSubMenuTertiaryText = TextFieldName(rawValue: "menuSubMenuTertiaryText")
}
