// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Defines the hard (physical) and soft (touchscreen) buttons available from the module
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ButtonName: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let ok = ButtonName(rawValue: "OK")

    /// The button name for the physical Play/Pause toggle that can be used by media apps.
    public static let playPause = ButtonName(rawValue: "PLAY_PAUSE")

    public static let seekleft = ButtonName(rawValue: "SEEKLEFT")

    public static let seekright = ButtonName(rawValue: "SEEKRIGHT")

    public static let tuneup = ButtonName(rawValue: "TUNEUP")

    public static let tunedown = ButtonName(rawValue: "TUNEDOWN")

    public static let preset0 = ButtonName(rawValue: "PRESET_0")

    public static let preset1 = ButtonName(rawValue: "PRESET_1")

    public static let preset2 = ButtonName(rawValue: "PRESET_2")

    public static let preset3 = ButtonName(rawValue: "PRESET_3")

    public static let preset4 = ButtonName(rawValue: "PRESET_4")

    public static let preset5 = ButtonName(rawValue: "PRESET_5")

    public static let preset6 = ButtonName(rawValue: "PRESET_6")

    public static let preset7 = ButtonName(rawValue: "PRESET_7")

    public static let preset8 = ButtonName(rawValue: "PRESET_8")

    public static let preset9 = ButtonName(rawValue: "PRESET_9")

    public static let customButton = ButtonName(rawValue: "CUSTOM_BUTTON")

    public static let search = ButtonName(rawValue: "SEARCH")

    /// Tied to CLIMATE RC modules.
    public static let acMax = ButtonName(rawValue: "AC_MAX")

    /// Tied to CLIMATE RC modules.
    public static let ac = ButtonName(rawValue: "AC")

    /// Tied to CLIMATE RC modules.
    public static let recirculate = ButtonName(rawValue: "RECIRCULATE")

    /// Tied to CLIMATE RC modules.
    public static let fanUp = ButtonName(rawValue: "FAN_UP")

    /// Tied to CLIMATE RC modules.
    public static let fanDown = ButtonName(rawValue: "FAN_DOWN")

    /// Tied to CLIMATE RC modules.
    public static let tempUp = ButtonName(rawValue: "TEMP_UP")

    /// Tied to CLIMATE RC modules.
    public static let tempDown = ButtonName(rawValue: "TEMP_DOWN")

    /// Tied to CLIMATE RC modules.
    public static let defrostMax = ButtonName(rawValue: "DEFROST_MAX")

    /// Tied to CLIMATE RC modules.
    public static let defrost = ButtonName(rawValue: "DEFROST")

    /// Tied to CLIMATE RC modules.
    public static let defrostRear = ButtonName(rawValue: "DEFROST_REAR")

    /// Tied to CLIMATE RC modules.
    public static let upperVent = ButtonName(rawValue: "UPPER_VENT")

    /// Tied to CLIMATE RC modules.
    public static let lowerVent = ButtonName(rawValue: "LOWER_VENT")

    /// Tied to RADIO RC modules.
    public static let volumeUp = ButtonName(rawValue: "VOLUME_UP")

    /// Tied to RADIO RC modules.
    public static let volumeDown = ButtonName(rawValue: "VOLUME_DOWN")

    /// Tied to RADIO RC modules.
    public static let eject = ButtonName(rawValue: "EJECT")

    /// Tied to RADIO RC modules.
    public static let source = ButtonName(rawValue: "SOURCE")

    /// Tied to RADIO RC modules.
    public static let shuffle = ButtonName(rawValue: "SHUFFLE")

    /// Tied to RADIO RC modules.
    public static let `repeat` = ButtonName(rawValue: "REPEAT")

    public static let navCenterLocation = ButtonName(rawValue: "NAV_CENTER_LOCATION")

    public static let navZoomIn = ButtonName(rawValue: "NAV_ZOOM_IN")

    public static let navZoomOut = ButtonName(rawValue: "NAV_ZOOM_OUT")

    public static let navPanUp = ButtonName(rawValue: "NAV_PAN_UP")

    public static let navPanUpRight = ButtonName(rawValue: "NAV_PAN_UP_RIGHT")

    public static let navPanRight = ButtonName(rawValue: "NAV_PAN_RIGHT")

    public static let navPanDownRight = ButtonName(rawValue: "NAV_PAN_DOWN_RIGHT")

    public static let navPanDown = ButtonName(rawValue: "NAV_PAN_DOWN")

    public static let navPanDownLeft = ButtonName(rawValue: "NAV_PAN_DOWN_LEFT")

    public static let navPanLeft = ButtonName(rawValue: "NAV_PAN_LEFT")

    public static let navPanUpLeft = ButtonName(rawValue: "NAV_PAN_UP_LEFT")

    /// If supported, this toggles between a top-down view and an angled/3D view. If your app supports different, but
    /// substantially similar options, then you may implement those. If you don't implement these or similar options, do
    /// not subscribe to this button.
    public static let navTiltToggle = ButtonName(rawValue: "NAV_TILT_TOGGLE")

    public static let navRotateClockwise = ButtonName(rawValue: "NAV_ROTATE_CLOCKWISE")

    public static let navRotateCounterclockwise = ButtonName(rawValue: "NAV_ROTATE_COUNTERCLOCKWISE")

    /// If supported, this toggles between locking the orientation to north or to the vehicle's heading. If your app
    /// supports different, but substantially similar options, then you may implement those. If you don't implement
    /// these or similar options, do not subscribe to this button.
    public static let navHeadingToggle = ButtonName(rawValue: "NAV_HEADING_TOGGLE")
}
