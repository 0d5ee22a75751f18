import SDLMediaService

extension VideoServiceConnection {
    /// A connection that cannot see its back-pressure: the bitrate stays where it is.
    public func linkPressure() async -> LinkPressure? { nil }
}

extension VideoFrameEncoding {
    /// An encoder without a live bitrate: adaptation still drops frames, but the target stays.
    public func setTargetBitrate(_ bitrate: Int) async throws(MediaStreamingError) {}
}
