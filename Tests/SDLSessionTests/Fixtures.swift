import SDLRPC

enum VideoStreamingCapabilityFixtures {
    /// The HMI's start-up capability in every trace.
    static let startup = VideoStreamingCapability(
        preferredResolution: ImageResolution(resolutionWidth: 800, resolutionHeight: 480),
        maxBitrate: 400_000,
        hapticSpatialDataSupported: true,
        preferredFPS: 30
    )
    /// A partial update: only the size.
    static let resize = VideoStreamingCapability(
        preferredResolution: ImageResolution(resolutionWidth: 1024, resolutionHeight: 600)
    )
}
