public import SDLMediaService

/// The video lifecycle is one configuration of the media-service engine: its inputs carry the answers and events
/// every service shares, and its status is what ``VideoStreamManager/statuses()`` publishes.
extension VideoStreamStateMachine: MediaServiceMachine {
    /// The state, the open stream and its encoder configuration.
    public var status: VideoStreamStatus {
        VideoStreamStatus(state: state, stream: stream, encoder: encoderConfiguration)
    }
}

extension VideoStreamInput: MediaServiceInput {}
