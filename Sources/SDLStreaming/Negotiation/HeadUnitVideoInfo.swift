public import SDLRPC

/// What the registration told us about video: whether this app may stream, whether the head unit can show video,
/// and the display size to fall back on when the head unit has no `VideoStreamingCapability` (old head units,
/// and SDL Core 8.2's RegisterAppInterface response, which carries none).
///
/// sdl_ios's Ford/Lincoln "scale 1.333 above 800 px" hack is deliberately not copied: it is a vendor guess that
/// overrides what the head unit says.
///
/// ```swift
/// let info = HeadUnitVideoInfo(response: raiResponse, appHMITypes: [.navigation])
/// ```
public struct HeadUnitVideoInfo: Hashable, Sendable {
    /// Whether the app registered as NAVIGATION or PROJECTION: only those may open a video service.
    public var isProjectionApp: Bool
    /// `hmiCapabilities.videoStreaming`, or `displayCapabilities.graphicSupported` on RPC 3.0-4.4; true when the
    /// head unit says neither.
    public var isVideoSupported: Bool
    /// `displayCapabilities.screenParams.resolution`, if present and valid.
    public var displayResolution: ImageResolution?

    public init(isProjectionApp: Bool, isVideoSupported: Bool = true, displayResolution: ImageResolution? = nil) {
        self.isProjectionApp = isProjectionApp
        self.isVideoSupported = isVideoSupported
        self.displayResolution = displayResolution.flatMap { $0.isWithinSpec ? $0 : nil }
    }

    /// Reads the registration response; `appHMITypes` is what the app asked for in RegisterAppInterface.
    public init(response: RegisterAppInterfaceResponse, appHMITypes: [AppHMIType]) {
        let supported: Bool
        if let flag = response.hmiCapabilities?.videoStreaming {
            supported = flag
        } else if response.hmiCapabilities == nil, let graphics = response.displayCapabilities?.graphicSupported {
            supported = graphics
        } else {
            supported = true
        }
        self.init(
            isProjectionApp: appHMITypes.contains(.navigation) || appHMITypes.contains(.projection),
            isVideoSupported: supported,
            displayResolution: response.displayCapabilities?.screenParams?.resolution
        )
    }
}
