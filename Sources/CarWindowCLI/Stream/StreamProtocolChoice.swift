import ArgumentParser
import SDLRPC
import SDLStreaming

/// The `--protocol` value: the video transport the app asks for first.
enum StreamProtocolChoice: String, Hashable, Sendable, CaseIterable, ExpressibleByArgument {
    case raw
    case rtp

    var format: VideoStreamingFormat { self == .raw ? .h264RAW : .h264RTP }
}

/// Puts one format first when the head unit offers it; the rest keep the head unit's order (data-source style).
///
/// ```swift
/// settings.dataSource = PreferredFormat(first: .h264RTP)
/// ```
struct PreferredFormat: VideoStreamingDataSource {
    var first: VideoStreamingFormat

    func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat] {
        guard headUnitFormats.contains(first) else { return headUnitFormats }
        return [first] + headUnitFormats.filter { $0 != first }
    }
}
