public import SDLRPC

/// What a car maker checks in an app's haptic rects before a knob car ships it: every rect on screen, big enough for
/// a finger, claiming its centre alone, and reached by the knob. A pure function of the rects the app sent, the
/// screen they are on and the order a knob walk visited them in: `carwindow check haptics` feeds it from the
/// emulator.
///
/// A knob press taps the centre of the highlighted rect, so a rect whose centre another rect also covers sends the
/// driver's press to whichever control the app hit-tests first: that is `covered`. Two rects that only share an
/// edge region, with each centre its own, are `overlapping`: legal, but a touch there is ambiguous.
///
/// ```swift
/// let findings = HapticCheck.findings(
///     in: rects, screen: VideoSize(width: 800, height: 480), minimumSide: 48, knobWalk: visitedIDs)
/// for finding in findings { print(finding) }   // "rect #3 20,20 10x10: smaller than 48 px on a side, ..."
/// ```
public enum HapticCheck {
    /// One problem with one rect.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// Part of the rect lies outside the video's screen: the knob highlights something the driver cannot see.
            case offScreen
            /// Narrower or lower than the smallest side a finger hits reliably.
            case tooSmall
            /// Its centre, where a knob press taps, lies inside another rect too.
            case covered
            /// It shares area with another rect, each centre its own.
            case overlapping
            /// Another rect has the same id: the head unit cannot tell them apart.
            case duplicateID
            /// A full turn of the knob never highlighted it.
            case unreachable
        }

        public var kind: Kind
        public var rect: HapticRect
        /// The other rect of a pair (`covered`, `overlapping`, `duplicateID`).
        public var other: HapticRect?
        public var detail: String

        public var description: String { "rect \(rect): \(detail)" }
    }

    /// The smallest side, in pixels at scale 1, that the check accepts by default: about 9 mm at a car screen's
    /// typical 130-140 ppi, the size the common touch guidelines ask for.
    public static let defaultMinimumSide = 48.0

    /// Every finding for `rects` on a screen of `screen` pixels, in the rects' order.
    ///
    /// - Parameters:
    ///   - minimumSide: the smallest width and height accepted, in the rects' pixels (multiply
    ///     ``defaultMinimumSide`` by the HMI scale: the rects are in the video's pixels).
    ///   - knobWalk: the rect ids a full knob cycle highlighted, in order; `nil` skips the reachability check.
    public static func findings(
        in rects: [HapticRect], screen: VideoSize, minimumSide: Double = defaultMinimumSide, knobWalk: [Int]? = nil
    ) -> [Finding] {
        var findings: [Finding] = []
        let width = Double(screen.width)
        let height = Double(screen.height)
        let visited = knobWalk.map(Set.init)
        for (index, rect) in rects.enumerated() {
            if !(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height) {
                findings.append(
                    Finding(
                        kind: .offScreen, rect: rect, other: nil,
                        detail: "not inside the \(screen.width)x\(screen.height) screen"))
            }
            if !(rect.width >= minimumSide && rect.height >= minimumSide) {
                findings.append(
                    Finding(
                        kind: .tooSmall, rect: rect, other: nil,
                        detail: "smaller than \(Int(minimumSide.rounded())) px on a side, too small for a finger"))
            }
            if let visited, !visited.contains(rect.id) {
                findings.append(
                    Finding(
                        kind: .unreachable, rect: rect, other: nil,
                        detail: "a full turn of the knob never highlighted it"))
            }
            for other in rects[..<index] {
                if other.id == rect.id {
                    findings.append(
                        Finding(
                            kind: .duplicateID, rect: rect, other: other,
                            detail: "has the same id as #\(other.id)"))
                }
                guard sharesArea(rect, other) else { continue }
                if contains(other, rect.center) || contains(rect, other.center) {
                    // Reported for the rect whose centre is claimed twice; both when each holds the other's centre.
                    if contains(other, rect.center) {
                        findings.append(
                            Finding(
                                kind: .covered, rect: rect, other: other,
                                detail: "its centre, where a knob press taps, is inside #\(other.id)"))
                    }
                    if contains(rect, other.center) {
                        findings.append(
                            Finding(
                                kind: .covered, rect: other, other: rect,
                                detail: "its centre, where a knob press taps, is inside #\(rect.id)"))
                    }
                } else {
                    findings.append(
                        Finding(
                            kind: .overlapping, rect: rect, other: other,
                            detail: "shares area with #\(other.id)"))
                }
            }
        }
        return findings
    }

    private static func sharesArea(_ a: HapticRect, _ b: HapticRect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// Half-open, as a tap at a shared edge belongs to one rect only.
    private static func contains(_ rect: HapticRect, _ point: (x: Double, y: Double)) -> Bool {
        point.x >= rect.x && point.x < rect.x + rect.width && point.y >= rect.y && point.y < rect.y + rect.height
    }
}
