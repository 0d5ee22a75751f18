/// One hardware button event from the head unit, for a button the run subscribed to: a button going down and up,
/// and a short or long press, as one type, in the order the head unit sent them.
///
/// A short press arrives as `.down`, `.up`, `.shortPress`; a long one as `.down`, `.longPress` (while held), `.up`.
/// Act on the presses; the down and up are for controls that repeat while held. The type knows nothing of SDL, so a
/// view toolkit can take buttons without linking the protocol; SDLProjection makes them from OnButtonEvent and
/// OnButtonPress.
///
/// ```swift
/// func received(_ button: ProjectionButton) async {
///     if button == ProjectionButton(.navZoomIn, .shortPress) { await map.zoom(by: 2) }
/// }
/// ```
public struct ProjectionButton: Hashable, Sendable, CustomStringConvertible {
    /// What happened to the button.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// The button went down (OnButtonEvent BUTTONDOWN).
        case down
        /// The button came up (OnButtonEvent BUTTONUP).
        case up
        /// A short press (OnButtonPress SHORT).
        case shortPress
        /// A long press, while the button is still held (OnButtonPress LONG).
        case longPress
    }

    /// A button's name as the SDL RPC spec spells it (`NAV_ZOOM_IN`). The set is open, as the spec's `ButtonName`
    /// is: a head unit's button this type has no constant for keeps its raw name.
    ///
    /// ```swift
    /// ProjectionButton.Name(rawValue: "NAV_ZOOM_IN") == .navZoomIn   // true
    /// ```
    public struct Name: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The name as the spec spells it on the wire.
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// Every name RPC spec 8.0.0 gives a button, in the spec's order.
        public static var specified: [Name] {
            [
                .ok, .playPause, .seekleft, .seekright, .tuneup, .tunedown, .preset0, .preset1, .preset2, .preset3,
                .preset4, .preset5, .preset6, .preset7, .preset8, .preset9, .customButton, .search, .acMax, .ac,
                .recirculate, .fanUp, .fanDown, .tempUp, .tempDown, .defrostMax, .defrost, .defrostRear, .upperVent,
                .lowerVent, .volumeUp, .volumeDown, .eject, .source, .shuffle, .`repeat`, .navCenterLocation,
                .navZoomIn, .navZoomOut, .navPanUp, .navPanUpRight, .navPanRight, .navPanDownRight, .navPanDown,
                .navPanDownLeft, .navPanLeft, .navPanUpLeft, .navTiltToggle, .navRotateClockwise,
                .navRotateCounterclockwise, .navHeadingToggle,
            ]
        }

        public static let ok = Name(rawValue: "OK")
        public static let playPause = Name(rawValue: "PLAY_PAUSE")
        public static let seekleft = Name(rawValue: "SEEKLEFT")
        public static let seekright = Name(rawValue: "SEEKRIGHT")
        public static let tuneup = Name(rawValue: "TUNEUP")
        public static let tunedown = Name(rawValue: "TUNEDOWN")
        public static let preset0 = Name(rawValue: "PRESET_0")
        public static let preset1 = Name(rawValue: "PRESET_1")
        public static let preset2 = Name(rawValue: "PRESET_2")
        public static let preset3 = Name(rawValue: "PRESET_3")
        public static let preset4 = Name(rawValue: "PRESET_4")
        public static let preset5 = Name(rawValue: "PRESET_5")
        public static let preset6 = Name(rawValue: "PRESET_6")
        public static let preset7 = Name(rawValue: "PRESET_7")
        public static let preset8 = Name(rawValue: "PRESET_8")
        public static let preset9 = Name(rawValue: "PRESET_9")
        public static let customButton = Name(rawValue: "CUSTOM_BUTTON")
        public static let search = Name(rawValue: "SEARCH")
        public static let acMax = Name(rawValue: "AC_MAX")
        public static let ac = Name(rawValue: "AC")
        public static let recirculate = Name(rawValue: "RECIRCULATE")
        public static let fanUp = Name(rawValue: "FAN_UP")
        public static let fanDown = Name(rawValue: "FAN_DOWN")
        public static let tempUp = Name(rawValue: "TEMP_UP")
        public static let tempDown = Name(rawValue: "TEMP_DOWN")
        public static let defrostMax = Name(rawValue: "DEFROST_MAX")
        public static let defrost = Name(rawValue: "DEFROST")
        public static let defrostRear = Name(rawValue: "DEFROST_REAR")
        public static let upperVent = Name(rawValue: "UPPER_VENT")
        public static let lowerVent = Name(rawValue: "LOWER_VENT")
        public static let volumeUp = Name(rawValue: "VOLUME_UP")
        public static let volumeDown = Name(rawValue: "VOLUME_DOWN")
        public static let eject = Name(rawValue: "EJECT")
        public static let source = Name(rawValue: "SOURCE")
        public static let shuffle = Name(rawValue: "SHUFFLE")
        public static let `repeat` = Name(rawValue: "REPEAT")
        public static let navCenterLocation = Name(rawValue: "NAV_CENTER_LOCATION")
        public static let navZoomIn = Name(rawValue: "NAV_ZOOM_IN")
        public static let navZoomOut = Name(rawValue: "NAV_ZOOM_OUT")
        public static let navPanUp = Name(rawValue: "NAV_PAN_UP")
        public static let navPanUpRight = Name(rawValue: "NAV_PAN_UP_RIGHT")
        public static let navPanRight = Name(rawValue: "NAV_PAN_RIGHT")
        public static let navPanDownRight = Name(rawValue: "NAV_PAN_DOWN_RIGHT")
        public static let navPanDown = Name(rawValue: "NAV_PAN_DOWN")
        public static let navPanDownLeft = Name(rawValue: "NAV_PAN_DOWN_LEFT")
        public static let navPanLeft = Name(rawValue: "NAV_PAN_LEFT")
        public static let navPanUpLeft = Name(rawValue: "NAV_PAN_UP_LEFT")
        public static let navTiltToggle = Name(rawValue: "NAV_TILT_TOGGLE")
        public static let navRotateClockwise = Name(rawValue: "NAV_ROTATE_CLOCKWISE")
        public static let navRotateCounterclockwise = Name(rawValue: "NAV_ROTATE_COUNTERCLOCKWISE")
        public static let navHeadingToggle = Name(rawValue: "NAV_HEADING_TOGGLE")
    }

    public var name: Name
    public var action: Action

    public init(_ name: Name, _ action: Action) {
        self.name = name
        self.action = action
    }

    /// Whether this is a press (short or long), the event most controls act on.
    public var isPress: Bool { action == .shortPress || action == .longPress }

    public var description: String { "\(name) \(action.rawValue)" }
}
