// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ImageFieldName: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The image field for SoftButton
    public static let softButtonImage = ImageFieldName(rawValue: "softButtonImage")

    /// The first image field for Choice
    public static let choiceImage = ImageFieldName(rawValue: "choiceImage")

    /// The secondary image field for Choice
    public static let choiceSecondaryImage = ImageFieldName(rawValue: "choiceSecondaryImage")

    /// The image field for vrHelpItem
    public static let vrHelpItem = ImageFieldName(rawValue: "vrHelpItem")

    /// The image field for Turn
    public static let turnIcon = ImageFieldName(rawValue: "turnIcon")

    /// The image field for the menu icon in SetGlobalProperties
    public static let menuIcon = ImageFieldName(rawValue: "menuIcon")

    /// The image field for AddCommand
    public static let cmdIcon = ImageFieldName(rawValue: "cmdIcon")

    /// The image field for the app icon (set by setAppIcon)
    public static let appIcon = ImageFieldName(rawValue: "appIcon")

    /// The primary image field for Show
    public static let graphic = ImageFieldName(rawValue: "graphic")

    /// The secondary image field for Show
    public static let secondaryGraphic = ImageFieldName(rawValue: "secondaryGraphic")

    /// The primary image field for ShowConstantTBT
    public static let showConstantTBTIcon = ImageFieldName(rawValue: "showConstantTBTIcon")

    /// The secondary image field for ShowConstantTBT
    public static let showConstantTBTNextTurnIcon = ImageFieldName(rawValue: "showConstantTBTNextTurnIcon")

    /// The optional image of a destination / location
    public static let locationImage = ImageFieldName(rawValue: "locationImage")

    /// The image field for Alert
    public static let alertIcon = ImageFieldName(rawValue: "alertIcon")

    /// The image field for AddSubMenu.menuIcon
    public static let subMenuIcon = ImageFieldName(rawValue: "subMenuIcon")

    /// The image of the subtle alert; applies to `SubtleAlert` `alertIcon`
    public static let subtleAlertIcon = ImageFieldName(rawValue: "subtleAlertIcon")

    /// The secondary image field for AddCommand
    public static let menuCommandSecondaryImage = ImageFieldName(rawValue: "menuCommandSecondaryImage")

    /// The secondary image field for AddSubMenu
    public static let menuSubMenuSecondaryImage = ImageFieldName(rawValue: "menuSubMenuSecondaryImage")
}
