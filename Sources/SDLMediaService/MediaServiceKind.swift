public import SDLWire

/// Which SDL service a ``SessionMediaServiceConnection`` carries, video (0x0B) or audio (0x0A), and the error its
/// manager reports. SDLStreaming and SDLAudio each declare one.
///
/// ```swift
/// public enum AudioService: MediaServiceKind {
///     public static let serviceType = ServiceType.audio
///     public static func error(_ failure: MediaServiceFailure) -> AudioStreamingError { ... }
/// }
/// ```
public protocol MediaServiceKind: Sendable {
    /// The error the service's manager reports.
    associatedtype Failure: Error

    /// The service on the wire.
    static var serviceType: ServiceType { get }

    /// The shared failure in the manager's own words.
    static func error(_ failure: MediaServiceFailure) -> Failure
}

extension MediaServiceKind {
    /// "video" or "audio", for messages.
    static var name: String { "\(serviceType)" }
}
