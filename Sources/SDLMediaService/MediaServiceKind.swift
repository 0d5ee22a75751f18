public import SDLWire

/// Which SDL service a ``SessionMediaServiceConnection`` carries: video (0x0B) or audio (0x0A). SDLStreaming and
/// SDLAudio each declare one.
///
/// ```swift
/// public enum AudioService: MediaServiceKind {
///     public static let serviceType = ServiceType.audio
/// }
/// ```
public protocol MediaServiceKind: Sendable {
    /// The service on the wire.
    static var serviceType: ServiceType { get }
}

extension MediaServiceKind {
    /// "video" or "audio", for messages.
    static var name: String { "\(serviceType)" }
}
