import Foundation
import SDLProjection
import Testing

/// The `frame` line of `--frame-events`: instants on the continuous clock become wall-clock Unix milliseconds, the
/// clock the head unit and the viewer page stamp frames with, so `carwindow bench glass` can line them up.
@Suite("Frame timing record")
struct FrameTimingRecordTests {
    @Test("an instant is the wall clock now less its age, to the microsecond")
    func unixMilliseconds() {
        let now = ContinuousClock.now
        let wallNow = Date(timeIntervalSince1970: 1_800_000_000.25)
        let instant = now.advanced(by: .milliseconds(-1500) + .microseconds(-7))
        let value = FrameTiming.unixMilliseconds(instant, now: now, wallNow: wallNow)
        #expect(abs(value - (1_800_000_000_250 - 1500.007)) < 0.0005)
    }

    @Test("a frame a tap asked for has requested, started, rendered and sent in order; a paced one has no requested")
    func record() throws {
        let now = ContinuousClock.now
        let timing = FrameTiming(
            requested: now.advanced(by: .milliseconds(-30)), started: now.advanced(by: .milliseconds(-29)),
            rendered: now.advanced(by: .milliseconds(-27)), sent: now.advanced(by: .milliseconds(-20)))
        let records = ProjectionEvent.frame(timing).records
        #expect(records.map(\.name) == ["frame"])
        let fields = try #require(records.first).fields
        #expect(fields.map(\.key) == ["requested", "started", "rendered", "sent"])
        let values = fields.compactMap { field -> Double? in
            if case .double(let value) = field.value { value } else { nil }
        }
        #expect(values.count == 4)
        // 1 ms, 2 ms and 7 ms apart, give or take the microsecond of rounding, and before the line was made.
        let gaps = zip(values.dropFirst(), values).map { $0 - $1 }
        for (gap, expected) in zip(gaps, [1.0, 2.0, 7.0]) { #expect(abs(gap - expected) < 0.01, "\(gaps)") }
        #expect(values[3] <= Date().timeIntervalSince1970 * 1000)

        var paced = timing
        paced.requested = nil
        #expect(ProjectionEvent.frame(paced).records.first?.fields.map(\.key) == ["started", "rendered", "sent"])
    }
}
