import ArgumentParser
import SDLRPC
import SDLStreaming

/// The `--protocol` value: the video transport the app asks for first.
enum StreamProtocolChoice: String, Hashable, Sendable, CaseIterable, ExpressibleByArgument {
    case raw
    case rtp

    var format: VideoStreamingFormat { self == .raw ? .h264RAW : .h264RTP }
}
