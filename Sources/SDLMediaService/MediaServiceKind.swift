public import SDLWire

/// Which SDL service a ``SessionMediaServiceConnection`` carries: ``VideoService`` (0x0B) or ``AudioService`` (0x0A).
///
/// ```swift
/// let audio = SessionMediaServiceConnection(session, carrying: AudioService.self)
/// print(AudioService.serviceType)   // audio
/// ```
public protocol MediaServiceKind: Sendable {
    /// The service on the wire.
    static var serviceType: ServiceType { get }
}

extension MediaServiceKind {
    /// "video" or "audio", for messages.
    static var name: String { "\(serviceType)" }
}

/// The video service (0x0B): SDLStreaming's `SessionVideoServiceConnection` carries it.
public enum VideoService: MediaServiceKind {
    public static let serviceType = ServiceType.video
}

/// The audio service (0x0A): SDLAudio's `SessionAudioServiceConnection` carries it.
public enum AudioService: MediaServiceKind {
    public static let serviceType = ServiceType.audio
}
