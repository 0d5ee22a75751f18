public import SDLMediaService

/// The audio lifecycle is one configuration of the media-service engine: its inputs carry the answers and events
/// every service shares, and its status is the state ``AudioStreamManager/statuses()`` publishes.
extension AudioStreamStateMachine: MediaServiceMachine {
    /// The lifecycle state.
    public var status: AudioStreamState { state }
}

extension AudioStreamInput: MediaServiceInput {}
