// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The systemCapabilityType identifies which data object exists in this struct. For example, if the SystemCapability
/// Type is NAVIGATION then a "navigationCapability" should exist
public struct SystemCapability: Codable, Hashable, Sendable {
    /// Used as a descriptor of what data to expect in this struct. The corresponding param to this enum should be
    /// included and the only other param included.
    public var systemCapabilityType: SystemCapabilityType

    /// Describes extended capabilities for onboard navigation system
    public var navigationCapability: NavigationCapability?

    /// Describes extended capabilities of the module's phone feature
    public var phoneCapability: PhoneCapability?

    /// Contains information about the module's video streaming capabilities
    public var videoStreamingCapability: VideoStreamingCapability?

    /// Contains information about the module's remote control feature
    public var remoteControlCapability: RemoteControlCapabilities?

    /// An array of currently available services. If this is an update to the capability the affected services will
    /// include an update reason in that item
    public var appServicesCapabilities: AppServicesCapabilities?

    /// Contains information about the locations of each seat
    public var seatLocationCapability: SeatLocationCapability?

    /// 1...1000 items.
    public var displayCapabilities: [DisplayCapability]?

    /// Describes capabilities when the driver is distracted
    public var driverDistractionCapability: DriverDistractionCapability?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        systemCapabilityType: SystemCapabilityType,
        navigationCapability: NavigationCapability? = nil,
        phoneCapability: PhoneCapability? = nil,
        videoStreamingCapability: VideoStreamingCapability? = nil,
        remoteControlCapability: RemoteControlCapabilities? = nil,
        appServicesCapabilities: AppServicesCapabilities? = nil,
        seatLocationCapability: SeatLocationCapability? = nil,
        displayCapabilities: [DisplayCapability]? = nil,
        driverDistractionCapability: DriverDistractionCapability? = nil
    ) {
        self.systemCapabilityType = systemCapabilityType
        self.navigationCapability = navigationCapability
        self.phoneCapability = phoneCapability
        self.videoStreamingCapability = videoStreamingCapability
        self.remoteControlCapability = remoteControlCapability
        self.appServicesCapabilities = appServicesCapabilities
        self.seatLocationCapability = seatLocationCapability
        self.displayCapabilities = displayCapabilities
        self.driverDistractionCapability = driverDistractionCapability
    }
}
