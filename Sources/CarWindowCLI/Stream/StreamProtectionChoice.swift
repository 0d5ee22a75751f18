import ArgumentParser

/// The `--protected` value: whether video that cannot be protected may go out in the clear.
enum StreamProtectionChoice: String, Hashable, Sendable, CaseIterable, ExpressibleByArgument {
    /// No video in the clear: a failed handshake or an unprotected ACK ends the run with the reason.
    case required
    /// Protect when the head unit can; otherwise stream in the clear and say why in an `error` event.
    case preferred
}
