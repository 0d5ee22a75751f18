import SDLMediaService

extension MediaVideoEncoder {
    /// Moves openh264's target bitrate live (no IDR), never above the negotiated one.
    public func setTargetBitrate(_ bitrate: Int) throws(VideoStreamingError) {
        do {
            try encoderSetTargetBitrate(bitrate)
        } catch {
            throw VideoStreamingError(.encoderFailed, "\(error)")
        }
    }
}
