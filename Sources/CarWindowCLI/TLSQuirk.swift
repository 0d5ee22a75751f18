import ArgumentParser
import HeadUnit

/// The SDL Core TLS behaviours `carwindow headunit --without-tls-quirks` can turn off, by the names its help lists.
enum TLSQuirk: String, Hashable, Sendable, CaseIterable, ExpressibleByArgument {
    /// ``CoreQuirks/encryptedProtectedACKPayload``
    case encryptedACK = "encrypted-ack"
    /// ``CoreQuirks/protectedACKBeforeFinalHandshakeMessage``
    case ackBeforeFinished = "ack-before-finished"
    /// ``CoreQuirks/negotiatesTLS13DespiteConfiguredMaximum``
    case tls13 = "tls13"
    /// ``CoreQuirks/certificateMustNameApp``
    case appID = "app-id"
    /// ``CoreQuirks/clockBehindHMI``
    case clock = "clock"
    /// ``CoreQuirks/coreForcedProtectionRefusal``
    case nakReason = "nak-reason"

    func disable(in quirks: inout CoreQuirks) {
        switch self {
        case .encryptedACK: quirks.encryptedProtectedACKPayload = false
        case .ackBeforeFinished: quirks.protectedACKBeforeFinalHandshakeMessage = false
        case .tls13: quirks.negotiatesTLS13DespiteConfiguredMaximum = false
        case .appID: quirks.certificateMustNameApp = false
        case .clock: quirks.clockBehindHMI = nil
        case .nakReason: quirks.coreForcedProtectionRefusal = false
        }
    }
}
