import SDLMediaService

extension MediaStreamingError {
    /// The error as audio reports it: audio asks for no protection of its own, so a failed handshake under it is a
    /// failed connection.
    var asAudioFailure: MediaStreamingError {
        kind == .protectionFailed ? MediaStreamingError(.connectionFailed, detail) : self
    }
}
