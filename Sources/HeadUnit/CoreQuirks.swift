/// The ways SDL Core 8.2 behaves that a clean reading of the spec would not predict. Each defaults to what Core did
/// in the recorded sessions (`Tests/HeadUnitTests/Fixtures/traces`), so the emulator behaves like Core; tests turn
/// them off one by one to check an app does not depend on them.
///
/// ```swift
/// var quirks = CoreQuirks()
/// quirks.duplicateTouchEvents = false
/// let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0, quirks: quirks))
/// ```
public struct CoreQuirks: Hashable, Sendable {
    /// Every OnTouchEvent reaches a navigation app twice (`touch-haptic`: Core sends touches once per list the app is
    /// in, and the policy puts a NAVIGATION app in both the navigation and the projection list).
    public var duplicateTouchEvents: Bool
    /// GetSystemCapability(VIDEO_STREAMING) keeps returning the start-up capability after a runtime update; only
    /// OnSystemCapabilityUpdated carries the new one (checked separately on Core).
    public var staleSystemCapability: Bool
    /// After a video StartServiceNAK, Core moves the app to HMI level NONE (`nak-*`), this long after the NAK.
    /// `nil` leaves the app's level alone. A NAK for an app already in NONE arms nothing (Core only reports a level
    /// that changes), so the HMI's next activation is not undone.
    public var noneAfterVideoNAK: Duration?
    /// How long Core takes to ACK a video StartService: it waits for the HMI's SetVideoConfig (40-65 ms in the traces).
    /// The HMI level is checked when the request arrives, so a retry sent straight after a NAK is ACKed even though
    /// the NONE that follows the NAK overtakes it (`nak-fallback`).
    public var videoStartDelay: Duration
    /// When the race above happens, ACK anyway as Core did. `false` re-checks the level and NAKs instead.
    public var ackVideoStartRacingNONE: Bool
    /// In BACKGROUND Core drops the app's video data and, if the app keeps streaming, sends EndService (video) this
    /// long after the OnHMIStatus (`background-keep-streaming`: 1.04 s). `nil` never ends it.
    public var backgroundEndServiceDelay: Duration?
    /// Core's message id counter starts again at 0 after it sends an EndServiceACK (`raw-video`, `hmi-levels`, ...).
    public var messageIDResetsAfterEndServiceACK: Bool
    /// OnAppCapabilityUpdated sent in HMI level NONE is dropped without an answer (`pip`).
    public var dropAppCapabilityInNONE: Bool

    public init(
        duplicateTouchEvents: Bool = true,
        staleSystemCapability: Bool = true,
        noneAfterVideoNAK: Duration? = .milliseconds(40),
        videoStartDelay: Duration = .milliseconds(40),
        ackVideoStartRacingNONE: Bool = true,
        backgroundEndServiceDelay: Duration? = .seconds(1),
        messageIDResetsAfterEndServiceACK: Bool = true,
        dropAppCapabilityInNONE: Bool = true
    ) {
        self.duplicateTouchEvents = duplicateTouchEvents
        self.staleSystemCapability = staleSystemCapability
        self.noneAfterVideoNAK = noneAfterVideoNAK
        self.videoStartDelay = videoStartDelay
        self.ackVideoStartRacingNONE = ackVideoStartRacingNONE
        self.backgroundEndServiceDelay = backgroundEndServiceDelay
        self.messageIDResetsAfterEndServiceACK = messageIDResetsAfterEndServiceACK
        self.dropAppCapabilityInNONE = dropAppCapabilityInNONE
    }
}
