/// A secondary TCP transport the emulator offers (PS §4.6): a second listener, announced in the RPC
/// StartServiceACK (`secondaryTransports: ["TCP_WIFI"]` and the service lists) and by a TransportEventUpdate with
/// its address right after that ACK.
///
/// ```swift
/// var configuration = HeadUnitConfiguration(port: 0)
/// configuration.secondaryTransport = SecondaryTransportOffer(port: 0)   // video prefers it: [2, 1]
/// ```
public struct SecondaryTransportOffer: Sendable, Hashable {
    /// The address announced and listened on.
    public var host: String
    /// The TCP port; 0 picks a free one (announced as the real port).
    public var port: Int
    /// Where video may run, preferred first: 1 primary, 2 secondary.
    public var videoServiceTransports: [Int32]
    /// Where audio may run, preferred first.
    public var audioServiceTransports: [Int32]

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        videoServiceTransports: [Int32] = [2, 1],
        audioServiceTransports: [Int32] = [1]
    ) {
        self.host = host
        self.port = port
        self.videoServiceTransports = videoServiceTransports
        self.audioServiceTransports = audioServiceTransports
    }
}
