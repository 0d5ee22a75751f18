// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// This manifest contains all the information necessary for the service to be published, activated, and consumers able
/// to interact with it
public struct AppServiceManifest: Codable, Hashable, Sendable {
    /// Unique name of this service
    public var serviceName: String?

    /// The type of service that is to be offered by this app. See AppServiceType for known enum equivalent types.
    /// Parameter is a string to allow for new service types to be used by apps on older versions of SDL Core.
    public var serviceType: String

    /// The icon to be associated with this service. Most likely the same as the appIcon.
    public var serviceIcon: Image?

    /// If true, app service consumers beyond the IVI system will be able to access this service. If false, only the IVI
    /// system will be able consume the service. If not provided, it is assumed to be false. Head unit default: false.
    public var allowAppConsumers: Bool?

    /// This is the max RPC Spec version the app service understands. This is important during the RPC passthrough
    /// functionality. If not included, it is assumed the max version of the module is acceptable.
    public var rpcSpecVersion: SyncMsgVersion?

    /// This field contains the Function IDs for the RPCs that this service intends to handle correctly. This means the
    /// service will provide meaningful responses.
    public var handledRPCs: [Int]?

    public var mediaServiceManifest: MediaServiceManifest?

    public var weatherServiceManifest: WeatherServiceManifest?

    public var navigationServiceManifest: NavigationServiceManifest?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        serviceName: String? = nil,
        serviceType: String,
        serviceIcon: Image? = nil,
        allowAppConsumers: Bool? = nil,
        rpcSpecVersion: SyncMsgVersion? = nil,
        handledRPCs: [Int]? = nil,
        mediaServiceManifest: MediaServiceManifest? = nil,
        weatherServiceManifest: WeatherServiceManifest? = nil,
        navigationServiceManifest: NavigationServiceManifest? = nil
    ) {
        self.serviceName = serviceName
        self.serviceType = serviceType
        self.serviceIcon = serviceIcon
        self.allowAppConsumers = allowAppConsumers
        self.rpcSpecVersion = rpcSpecVersion
        self.handledRPCs = handledRPCs
        self.mediaServiceManifest = mediaServiceManifest
        self.weatherServiceManifest = weatherServiceManifest
        self.navigationServiceManifest = navigationServiceManifest
    }
}
