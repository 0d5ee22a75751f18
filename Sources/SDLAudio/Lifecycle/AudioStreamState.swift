import SDLMediaService
public import SDLRPC

/// Where the audio service is in its lifecycle (sdl_ios's `SDLStreamingAudioLifecycleManager` has the same four
/// states).
public enum AudioStreamState: Hashable, Sendable {
    /// No audio service.
    case stopped
    /// StartService sent, waiting for ACK or NAK.
    case starting
    /// The service is open; PCM flows.
    case ready
    /// EndService sent, waiting for its answer.
    case shuttingDown
}

/// The open audio service: the PCM format and the head unit's MTU for it.
public struct AudioStreamDescription: Hashable, Sendable, CustomStringConvertible {
    public var format: PCMFormat
    /// The `mtu` of the StartServiceACK, or the session default when it had none.
    public var mtu: Int

    public init(format: PCMFormat, mtu: Int) {
        self.format = format
        self.mtu = mtu
    }

    public var description: String { "\(format), mtu \(mtu)" }
}

/// Why the audio service stopped.
public enum AudioStreamStopReason: Hashable, Sendable {
    /// The HMI level no longer allows audio (BACKGROUND or NONE).
    case hmiLevel(HMILevel)
    /// The app asked (``AudioStreamManager/stopStreaming()``).
    case requested
    /// The head unit ended the service itself (Core does on BACKGROUND and NONE).
    case headUnitEndedService
    /// The session ended the service to run it on another transport; a new start follows at once.
    case movingTransport
    /// The transport closed.
    case transportClosed
}

/// What the audio stream reports to the app.
///
/// ```swift
/// for await event in manager.events() {
///     switch event {
///     case .started(let stream): logger.info("audio \(stream)")
///     case .finished(let item, .completed): promptDone(item)
///     default: break
///     }
/// }
/// ```
public enum AudioStreamEvent: Hashable, Sendable {
    /// The head unit accepted the audio service; queued audio starts flowing.
    case started(AudioStreamDescription)
    /// The service ended (after the EndServiceACK, or at once for the head unit's EndService or a closed transport).
    case stopped(AudioStreamStopReason)
    /// Something failed: a NAK, a connection error, a file that could not be decoded.
    case error(MediaStreamingError)
    /// A queued item ended, and how.
    case finished(AudioItemID, AudioItemEnd)
}
