public import SDLRPC

/// Puts one format first when the head unit offers it; the rest keep the head unit's order. The data source behind
/// `carwindow stream --protocol`.
///
/// ```swift
/// var settings = VideoStreamingSettings()
/// settings.dataSource = PreferredFormat(first: .h264RTP)   // ask for RTP first; RAW after a NAK
/// ```
public struct PreferredFormat: VideoStreamingDataSource {
    public var first: VideoStreamingFormat

    public init(first: VideoStreamingFormat) {
        self.first = first
    }

    public func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat] {
        guard headUnitFormats.contains(first) else { return headUnitFormats }
        return [first] + headUnitFormats.filter { $0 != first }
    }
}
