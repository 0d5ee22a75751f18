import SDLRPC

extension ImageResolution {
    /// The largest side the RPC spec allows (`ImageResolution` 1...10000).
    static let maximumSide = 10_000

    /// Whether both sides lie in the spec's range 1...10000: anything else is a head-unit bug we refuse.
    var isWithinSpec: Bool {
        (1...Self.maximumSide).contains(resolutionWidth) && (1...Self.maximumSide).contains(resolutionHeight)
    }
}
