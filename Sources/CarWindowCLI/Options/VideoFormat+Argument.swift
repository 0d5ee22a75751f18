// Public imports: a conformance of a public type to a public protocol is public.
public import ArgumentParser
public import HeadUnit

/// `carwindow headunit --formats CODEC:PROTOCOL,...`: `--help` lists the formats CarWindow streams; other pairs from
/// the RPC spec (`H265:RTP`) are accepted too, so apps that stream them can be tested.
extension VideoFormat: ExpressibleByArgument {
    public init?(argument: String) {
        try? self.init(parsing: argument)
    }

    public static var allValueStrings: [String] { [VideoFormat.h264RAW, .h264RTP].map(\.description) }
}
