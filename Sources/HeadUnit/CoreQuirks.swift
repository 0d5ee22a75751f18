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

    // Protected services, as Core 8.2 built with security did them (docs/security.md, "What a head unit checks").

    /// On protocol 5 the payload of a StartServiceACK with E = 1 is encrypted: one TLS record instead of BSON,
    /// although the ACK is a control frame. Protocol 4 ACKs carry no payload, so nothing changes there.
    public var encryptedProtectedACKPayload: Bool
    /// With TLS 1.3 the head unit, as TLS client, has the last handshake message (its Finished). Core sends the
    /// protected StartServiceACK before it, so the app sees the ACK while its own handshake is still running.
    public var protectedACKBeforeFinalHandshakeMessage: Bool
    /// How often, from 0 (never) to 1 (always), the encrypted protocol-5 StartServiceACK overwrites the head unit's
    /// last TLS 1.3 handshake message before it is sent, as Core's race does: Core encrypts the ACK into the same
    /// buffer that still holds its Finished, so the "handshake data" it then sends is the first bytes of the ACK's
    /// record (`17 03 03 ...`) instead of the Finished (`14 03 03 00 01 ...`), and the app's handshake cannot
    /// complete. Core 8.2 lost the race in about half the protected starts. Needs
    /// ``protectedACKBeforeFinalHandshakeMessage`` and ``encryptedProtectedACKPayload``; protocol 4 ACKs carry no
    /// payload and TLS 1.2 ends with the app's message, so neither is touched. Default 0, so that tests that do not
    /// ask for it stay deterministic (docs/security.md, "SDL Core's TLS 1.3 race").
    public var encryptedACKOverwritesFinalHandshakeMessage: Double
    /// Core's `Protocol=TLSv1.2` does not cap the version: Core sets the maximum before its SSL context exists, so
    /// an app that allows TLS 1.3 gets 1.3. Applies when ``HeadUnitSecurity/factoryIgnoringMaximumVersion`` is set.
    public var negotiatesTLS13DespiteConfiguredMaximum: Bool
    /// The app's certificate must carry the app's policy id (its `fullAppID`, else `appID`) as subject
    /// `serialNumber`; otherwise the handshake fails with INVALID_CERT "App ID does not match certificate".
    public var certificateMustNameApp: Bool
    /// Core's clock runs this far behind the HMI's: when the notBefore of the app's certificate, or of any
    /// certificate in its verified chain, is later than now minus this, the handshake fails with INVALID_CERT
    /// "Certificate is not yet valid". `nil` uses the real clock only.
    public var clockBehindHMI: Duration?
    /// An unprotected start of a service that must be protected gets Core's reason, `Service type: 11 disallowed
    /// by settings. Allowed only in protected mode`, and for video the HMI NONE of every video NAK
    /// (``noneAfterVideoNAK``). Off: `Service type: 11 must be protected`, and the level stays.
    public var coreForcedProtectionRefusal: Bool

    public init(
        duplicateTouchEvents: Bool = true,
        staleSystemCapability: Bool = true,
        noneAfterVideoNAK: Duration? = .milliseconds(40),
        videoStartDelay: Duration = .milliseconds(40),
        ackVideoStartRacingNONE: Bool = true,
        backgroundEndServiceDelay: Duration? = .seconds(1),
        messageIDResetsAfterEndServiceACK: Bool = true,
        dropAppCapabilityInNONE: Bool = true,
        encryptedProtectedACKPayload: Bool = true,
        protectedACKBeforeFinalHandshakeMessage: Bool = true,
        encryptedACKOverwritesFinalHandshakeMessage: Double = 0,
        negotiatesTLS13DespiteConfiguredMaximum: Bool = true,
        certificateMustNameApp: Bool = true,
        clockBehindHMI: Duration? = .seconds(3_600),
        coreForcedProtectionRefusal: Bool = true
    ) {
        self.duplicateTouchEvents = duplicateTouchEvents
        self.staleSystemCapability = staleSystemCapability
        self.noneAfterVideoNAK = noneAfterVideoNAK
        self.videoStartDelay = videoStartDelay
        self.ackVideoStartRacingNONE = ackVideoStartRacingNONE
        self.backgroundEndServiceDelay = backgroundEndServiceDelay
        self.messageIDResetsAfterEndServiceACK = messageIDResetsAfterEndServiceACK
        self.dropAppCapabilityInNONE = dropAppCapabilityInNONE
        self.encryptedProtectedACKPayload = encryptedProtectedACKPayload
        self.protectedACKBeforeFinalHandshakeMessage = protectedACKBeforeFinalHandshakeMessage
        self.encryptedACKOverwritesFinalHandshakeMessage = min(1, max(0, encryptedACKOverwritesFinalHandshakeMessage))
        self.negotiatesTLS13DespiteConfiguredMaximum = negotiatesTLS13DespiteConfiguredMaximum
        self.certificateMustNameApp = certificateMustNameApp
        self.clockBehindHMI = clockBehindHMI
        self.coreForcedProtectionRefusal = coreForcedProtectionRefusal
    }

    /// Every protected-service quirk off: the emulator does TLS over SDL as the spec reads.
    ///
    /// ```swift
    /// var configuration = HeadUnitConfiguration(port: 0)
    /// configuration.quirks.disableTLSQuirks()     // `carwindow headunit --without-tls-quirks all`
    /// ```
    public mutating func disableTLSQuirks() {
        encryptedProtectedACKPayload = false
        protectedACKBeforeFinalHandshakeMessage = false
        encryptedACKOverwritesFinalHandshakeMessage = 0
        negotiatesTLS13DespiteConfiguredMaximum = false
        certificateMustNameApp = false
        clockBehindHMI = nil
        coreForcedProtectionRefusal = false
    }
}
