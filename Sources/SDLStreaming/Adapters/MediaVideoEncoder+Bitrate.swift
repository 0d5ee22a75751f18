import SDLMediaService

extension MediaVideoEncoder {
    /// Moves openh264's target bitrate live (no IDR), never above the negotiated one.
    public func setTargetBitrate(_ bitrate: Int) throws(MediaStreamingError) {
        do {
            try encoderSetTargetBitrate(bitrate)
        } catch {
            throw MediaStreamingError(.encoderFailed, "\(error)")
        }
    }
}
