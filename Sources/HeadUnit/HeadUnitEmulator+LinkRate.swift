import Logging

extension HeadUnitEmulator {
    /// Caps how fast the emulator reads every app's socket (connected now and later), in kbit/s; `nil` lifts the
    /// cap. The app sees a link that drains at that rate: its writes back up, as on a congested Wi-Fi.
    ///
    /// ```swift
    /// try await headUnit.setLinkKbps(1_000)   // 1 Mbit/s
    /// try await headUnit.setLinkKbps(nil)     // as fast as the socket goes
    /// ```
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl` for a rate outside 1...10 000 000 kbit/s.
    public func setLinkKbps(_ kbps: Int?) throws(HeadUnitError) {
        if let kbps, !(1...LinkRate.maximumKbps).contains(kbps) {
            throw HeadUnitError(.invalidControl("link-kbps must be 1...\(LinkRate.maximumKbps), not \(kbps)"))
        }
        linkRate.kbps = kbps
        logger.info("link rate", metadata: ["kbps": "\(kbps.map(String.init) ?? "off")"])
    }

    /// The link cap now, in kbit/s; `nil` when reading is not capped.
    public var linkKbps: Int? { linkRate.kbps }
}
