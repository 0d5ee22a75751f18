import HeadUnit
import SDLRPC
import Testing

/// The checks a car maker runs on an app's haptic rects, on rects built by hand.
@Suite("Haptic rect check")
struct HapticCheckTests {
    static let screen = VideoSize(width: 800, height: 480)

    static func kinds(_ findings: [HapticCheck.Finding]) -> [HapticCheck.Finding.Kind: [Int]] {
        Dictionary(grouping: findings, by: \.kind).mapValues { $0.map(\.rect.id) }
    }

    @Test("a clean layout: no finding, knob walk included")
    func cleanLayout() {
        let rects = [
            HapticRect(id: 1, x: 20, y: 20, width: 120, height: 60),
            HapticRect(id: 2, x: 660, y: 20, width: 120, height: 60),
            HapticRect(id: 3, x: 0, y: 420, width: 800, height: 60),
        ]
        #expect(HapticCheck.findings(in: rects, screen: Self.screen, knobWalk: [1, 2, 3]).isEmpty)
    }

    @Test("off screen, too small, unreachable: each rect named once for what is wrong with it")
    func singleRectProblems() {
        let rects = [
            HapticRect(id: 1, x: 760, y: 20, width: 120, height: 60),  // past the right edge
            HapticRect(id: 2, x: 20, y: -1, width: 120, height: 60),  // above the top
            HapticRect(id: 3, x: 300, y: 200, width: 30, height: 60),  // narrow
            HapticRect(id: 4, x: 300, y: 300, width: 100, height: 47.5),  // low
            HapticRect(id: 5, x: 500, y: 300, width: 100, height: 100),  // never highlighted
        ]
        let findings = HapticCheck.findings(in: rects, screen: Self.screen, knobWalk: [1, 2, 3, 4])
        #expect(Self.kinds(findings) == [.offScreen: [1, 2], .tooSmall: [3, 4], .unreachable: [5]])
        #expect(findings.first?.description == "rect #1 760,20 120x60: not inside the 800x480 screen")
    }

    @Test("a rect whose centre another claims is covered; one that only shares an edge region overlaps")
    func pairs() {
        let rects = [
            HapticRect(id: 1, x: 0, y: 0, width: 400, height: 300),  // a big container rect
            HapticRect(id: 2, x: 100, y: 100, width: 100, height: 100),  // inside it: its centre claimed twice
            HapticRect(id: 3, x: 380, y: 320, width: 100, height: 100),  // clear of 1
            HapticRect(id: 4, x: 460, y: 320, width: 100, height: 100),  // shares 20 px with 3, centres apart
        ]
        let findings = HapticCheck.findings(in: rects, screen: Self.screen)
        #expect(Self.kinds(findings) == [.covered: [2], .overlapping: [4]])
        #expect(findings.first { $0.kind == .covered }?.other?.id == 1)
        // Touching edges share no area.
        let edge = [
            HapticRect(id: 1, x: 0, y: 0, width: 100, height: 100),
            HapticRect(id: 2, x: 100, y: 0, width: 100, height: 100),
        ]
        #expect(HapticCheck.findings(in: edge, screen: Self.screen).isEmpty)
    }

    @Test("two rects holding each other's centre are both covered; a repeated id is a finding of its own")
    func mutualAndDuplicate() {
        let rects = [
            HapticRect(id: 7, x: 100, y: 100, width: 100, height: 100),
            HapticRect(id: 7, x: 110, y: 110, width: 100, height: 100),
        ]
        let findings = HapticCheck.findings(in: rects, screen: Self.screen)
        #expect(findings.filter { $0.kind == .covered }.count == 2)
        #expect(findings.filter { $0.kind == .duplicateID }.count == 1)
    }

    @Test("the minimum side follows the scale the caller passes (rects are in the video's pixels)")
    func minimumSideScales() {
        let rects = [HapticRect(id: 1, x: 0, y: 0, width: 60, height: 60)]
        #expect(HapticCheck.findings(in: rects, screen: Self.screen).isEmpty)
        let scaled = HapticCheck.findings(
            in: rects, screen: Self.screen, minimumSide: HapticCheck.defaultMinimumSide * 1.5)
        #expect(scaled.map(\.kind) == [.tooSmall])
    }
}
