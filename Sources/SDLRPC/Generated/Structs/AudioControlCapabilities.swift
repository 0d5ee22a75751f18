// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct AudioControlCapabilities: Codable, Hashable, Sendable {
    /// The short friendly name of the audio control module. It should not be used to identify a module by mobile
    /// application. At most 100 characters.
    public var moduleName: String

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    /// Availability of the control of audio source.
    public var sourceAvailable: Bool?

    /// Availability of the keepContext parameter.
    public var keepContextAvailable: Bool?

    /// Availability of the control of audio volume.
    public var volumeAvailable: Bool?

    /// Availability of the control of Equalizer Settings.
    public var equalizerAvailable: Bool?

    /// Must be included if equalizerAvailable=true, and assume all IDs starting from 1 to this value are valid Range
    /// 1...100.
    public var equalizerMaxChannelId: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        moduleName: String,
        moduleInfo: ModuleInfo? = nil,
        sourceAvailable: Bool? = nil,
        keepContextAvailable: Bool? = nil,
        volumeAvailable: Bool? = nil,
        equalizerAvailable: Bool? = nil,
        equalizerMaxChannelId: Int? = nil
    ) {
        self.moduleName = moduleName
        self.moduleInfo = moduleInfo
        self.sourceAvailable = sourceAvailable
        self.keepContextAvailable = keepContextAvailable
        self.volumeAvailable = volumeAvailable
        self.equalizerAvailable = equalizerAvailable
        self.equalizerMaxChannelId = equalizerMaxChannelId
    }
}
