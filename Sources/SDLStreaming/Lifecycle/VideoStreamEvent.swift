import SDLMediaService
public import SDLRPC

/// What the app hears about its video stream.
///
/// ```swift
/// for await event in manager.events() {
///     switch event {
///     case .started(let stream): resizeRootView(to: stream.size)
///     case .resized(let size): resizeRootView(to: size)
///     case .stopped(let reason): print("video stopped: \(reason)")
///     default: break
///     }
/// }
/// ```
public enum VideoStreamEvent: Hashable, Sendable {
    /// The head unit accepted a video service: start drawing at `size`.
    case started(VideoStreamDescription)
    /// The service ended.
    case stopped(VideoStreamStopReason)
    /// The app went to the background; the service stays open but app frames are not sent.
    case suspended
    /// The app came back; frames flow again, starting with an IDR.
    case resumed
    /// A restart for a new head-unit size (split screen, collapsed view, picture-in-picture) finished: the stream
    /// is now `size`. Always follows the matching `.started`.
    case resized(ImageResolution)
    /// Something went wrong; see the error's kind and context.
    case error(MediaStreamingError)
    /// Touches in progress no longer make sense (the app left the foreground): drop them.
    case touchesCancelled
    /// Bitrate adaptation moved the encoder's target: the link fell behind, or kept up again
    /// (``VideoStreamingSettings/bitrateAdaptation``).
    case bitrateChanged(BitrateChange)
}

/// Why a stream stopped.
public enum VideoStreamStopReason: Hashable, Sendable {
    /// The host asked (``VideoStreamInput/stop``).
    case requested
    /// The HMI level or videoStreamingState no longer allows video.
    case notStreamable
    /// The head unit ended the service itself.
    case headUnitEndedService
    /// The connection went away.
    case transportClosed
    /// Ended to start again: a new size, a restart request, or the app regaining the foreground.
    case restarting
    /// Ended because of an error.
    case failed(MediaStreamingError)
}
