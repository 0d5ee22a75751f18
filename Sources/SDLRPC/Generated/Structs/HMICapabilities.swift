// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct HMICapabilities: Codable, Hashable, Sendable {
    /// Availability of build in Nav. True: Available, False: Not Available
    public var navigation: Bool?

    /// Availability of build in phone. True: Available, False: Not Available
    public var phoneCall: Bool?

    /// Availability of video streaming.
    public var videoStreaming: Bool?

    /// Availability of remote control feature. True: Available, False: Not Available
    public var remoteControl: Bool?

    /// Availability of App Services functionality. True: Available, False: Not Available
    public var appServices: Bool?

    /// Availability of displays capability. True: Available, False: Not Available
    public var displays: Bool?

    /// Availability of seat location feature. True: Available, False: Not Available
    public var seatLocation: Bool?

    /// Availability of driver distraction capability. True: Available, False: Not Available
    public var driverDistraction: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        navigation: Bool? = nil,
        phoneCall: Bool? = nil,
        videoStreaming: Bool? = nil,
        remoteControl: Bool? = nil,
        appServices: Bool? = nil,
        displays: Bool? = nil,
        seatLocation: Bool? = nil,
        driverDistraction: Bool? = nil
    ) {
        self.navigation = navigation
        self.phoneCall = phoneCall
        self.videoStreaming = videoStreaming
        self.remoteControl = remoteControl
        self.appServices = appServices
        self.displays = displays
        self.seatLocation = seatLocation
        self.driverDistraction = driverDistraction
    }
}

extension HMICapabilities {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: HMICapabilities) -> HMICapabilities {
        HMICapabilities(
            navigation: update.navigation ?? navigation,
            phoneCall: update.phoneCall ?? phoneCall,
            videoStreaming: update.videoStreaming ?? videoStreaming,
            remoteControl: update.remoteControl ?? remoteControl,
            appServices: update.appServices ?? appServices,
            displays: update.displays ?? displays,
            seatLocation: update.seatLocation ?? seatLocation,
            driverDistraction: update.driverDistraction ?? driverDistraction
        )
    }
}
