// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct AppCapability: Codable, Hashable, Sendable {
    /// Used as a descriptor of what data to expect in this struct. The corresponding param to this enum should be
    /// included and the only other param included.
    public var appCapabilityType: AppCapabilityType

    /// Describes supported capabilities for video streaming
    public var videoStreamingCapability: VideoStreamingCapability?

    /// Creates a value from its fields; optional fields default to absent.
    public init(appCapabilityType: AppCapabilityType, videoStreamingCapability: VideoStreamingCapability? = nil) {
        self.appCapabilityType = appCapabilityType
        self.videoStreamingCapability = videoStreamingCapability
    }
}
