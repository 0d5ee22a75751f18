extension ButtonName {
    /// Every name MOBILE_API.xml (RPC spec 8.0.0) gives a button. `ButtonName` is open (any raw value decodes), so a
    /// head unit or a command line that must refuse a misspelt name checks it against this list.
    ///
    /// ```swift
    /// ButtonName.specified.contains(ButtonName(rawValue: "NAV_ZOOM_IN"))   // true
    /// ButtonName.specified.contains(ButtonName(rawValue: "ZOOM"))          // false
    /// ```
    public static let specified: Set<ButtonName> = Set(
        [
            "OK", "PLAY_PAUSE", "SEEKLEFT", "SEEKRIGHT", "TUNEUP", "TUNEDOWN", "PRESET_0", "PRESET_1", "PRESET_2",
            "PRESET_3", "PRESET_4", "PRESET_5", "PRESET_6", "PRESET_7", "PRESET_8", "PRESET_9", "CUSTOM_BUTTON",
            "SEARCH", "AC_MAX", "AC", "RECIRCULATE", "FAN_UP", "FAN_DOWN", "TEMP_UP", "TEMP_DOWN", "DEFROST_MAX",
            "DEFROST", "DEFROST_REAR", "UPPER_VENT", "LOWER_VENT", "VOLUME_UP", "VOLUME_DOWN", "EJECT", "SOURCE",
            "SHUFFLE", "REPEAT",
        ].map(ButtonName.init(rawValue:)) + navigation)

    /// The buttons SDL Core lets only a NAVIGATION app subscribe to (RPC 6.0's map buttons): the centre, zoom,
    /// the eight pan directions, tilt, rotation and heading. A PROJECTION app is not a navigation app here.
    public static let navigation: [ButtonName] = [
        .navCenterLocation, .navZoomIn, .navZoomOut, .navPanUp, .navPanUpRight, .navPanRight, .navPanDownRight,
        .navPanDown, .navPanDownLeft, .navPanLeft, .navPanUpLeft, .navTiltToggle, .navRotateClockwise,
        .navRotateCounterclockwise, .navHeadingToggle,
    ]

    /// The buttons SDL Core lets only a media app (`isMediaApplication`) subscribe to: play/pause, seek, tune and
    /// the ten presets.
    public static let mediaOnly: [ButtonName] =
        [.playPause, .seekleft, .seekright, .tuneup, .tunedown]
        + (0...9).map { ButtonName(rawValue: "PRESET_\($0)") }

    /// Whether SDL Core 8.2 lets an app of this kind subscribe to the button at all (before it looks at what the
    /// head unit has): it answers REJECTED otherwise. See docs/buttons.md.
    ///
    /// ```swift
    /// ButtonName.navZoomIn.isSubscribable(navigation: true, media: false)   // true
    /// ButtonName.tuneup.isSubscribable(navigation: true, media: false)      // false: media apps only
    /// ```
    public func isSubscribable(navigation: Bool, media: Bool) -> Bool {
        if !media, Self.mediaOnly.contains(self) { return false }
        if !navigation, Self.navigation.contains(self) { return false }
        return true
    }
}
