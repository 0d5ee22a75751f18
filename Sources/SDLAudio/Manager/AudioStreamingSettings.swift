/// How audio is chunked and paced, and how long a file may be.
///
/// ```swift
/// let settings = AudioStreamingSettings(chunkDuration: .milliseconds(100), lead: .milliseconds(200))
/// ```
public struct AudioStreamingSettings: Hashable, Sendable {
    /// The audio in one chunk (one SDL frame). 100 ms is 3 200 bytes at 16 kHz 16-bit, what the SDL Core 8.2
    /// trace shows; a chunk is also never larger than the service's MTU allows.
    public var chunkDuration: Duration
    /// How much unplayed audio the head unit may hold before the next chunk goes out: the margin against
    /// starving it, and the most of an old prompt that still plays after an interruption (plus one chunk).
    public var lead: Duration
    /// Files decoding to more than this are refused with `.tooLong`.
    public var maximumFileDuration: Duration

    /// Settings; `chunkDuration` is at least 10 ms and `lead` at least one chunk, so the head unit never waits for
    /// a chunk it should already have.
    public init(
        chunkDuration: Duration = .milliseconds(100),
        lead: Duration = .milliseconds(200),
        maximumFileDuration: Duration = AudioFileDecoder.defaultMaximumDuration
    ) {
        self.chunkDuration = max(.milliseconds(10), chunkDuration)
        self.lead = max(self.chunkDuration, lead)
        self.maximumFileDuration = maximumFileDuration
    }
}
