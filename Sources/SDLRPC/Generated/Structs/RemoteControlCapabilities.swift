// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct RemoteControlCapabilities: Codable, Hashable, Sendable {
    /// If included, the platform supports RC climate controls. For this baseline version, maxsize=1. i.e. only one
    /// climate control module is supported. 1...100 items.
    public var climateControlCapabilities: [ClimateControlCapabilities]?

    /// If included, the platform supports RC radio controls. 1...100 items.
    public var radioControlCapabilities: [RadioControlCapabilities]?

    /// If included, the platform supports RC button controls with the included button names. NOTE: Multiple button
    /// capabilities can exist for the same ButtonName with different module ids. The module Id for a button should
    /// match the module id for a "primary" module type, such as a climate module or a radio module. Whichever module
    /// the id matches the button's id is the module the button will control. 1...100 items.
    public var buttonCapabilities: [ButtonCapabilities]?

    /// If included, the platform supports audio controls. 1...100 items.
    public var audioControlCapabilities: [AudioControlCapabilities]?

    /// If included, the platform supports hmi setting controls.
    public var hmiSettingsControlCapabilities: HMISettingsControlCapabilities?

    /// If included, the platform supports light controls.
    public var lightControlCapabilities: LightControlCapabilities?

    /// If included, the platform supports seat controls. 1...100 items.
    public var seatControlCapabilities: [SeatControlCapabilities]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        climateControlCapabilities: [ClimateControlCapabilities]? = nil,
        radioControlCapabilities: [RadioControlCapabilities]? = nil,
        buttonCapabilities: [ButtonCapabilities]? = nil,
        audioControlCapabilities: [AudioControlCapabilities]? = nil,
        hmiSettingsControlCapabilities: HMISettingsControlCapabilities? = nil,
        lightControlCapabilities: LightControlCapabilities? = nil,
        seatControlCapabilities: [SeatControlCapabilities]? = nil
    ) {
        self.climateControlCapabilities = climateControlCapabilities
        self.radioControlCapabilities = radioControlCapabilities
        self.buttonCapabilities = buttonCapabilities
        self.audioControlCapabilities = audioControlCapabilities
        self.hmiSettingsControlCapabilities = hmiSettingsControlCapabilities
        self.lightControlCapabilities = lightControlCapabilities
        self.seatControlCapabilities = seatControlCapabilities
    }
}

extension RemoteControlCapabilities {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: RemoteControlCapabilities) -> RemoteControlCapabilities {
        RemoteControlCapabilities(
            climateControlCapabilities: update.climateControlCapabilities ?? climateControlCapabilities,
            radioControlCapabilities: update.radioControlCapabilities ?? radioControlCapabilities,
            buttonCapabilities: update.buttonCapabilities ?? buttonCapabilities,
            audioControlCapabilities: update.audioControlCapabilities ?? audioControlCapabilities,
            hmiSettingsControlCapabilities: update.hmiSettingsControlCapabilities ?? hmiSettingsControlCapabilities,
            lightControlCapabilities: update.lightControlCapabilities ?? lightControlCapabilities,
            seatControlCapabilities: update.seatControlCapabilities ?? seatControlCapabilities
        )
    }
}
