import Foundation

/// One `frame` line of the demo's event log (`--frame-events`): when the app was asked for the frame, drew it and
/// had it encoded and on the connection, in wall-clock milliseconds, the clock of the page's stamps.
struct BenchGlassAppFrame: Hashable, Sendable {
    /// When a tap or press asked for the frame ahead of the frame clock; `nil` when the frame clock's tick drew it.
    var requested: Double?
    var started: Double
    var rendered: Double
    var sent: Double

    /// Reads a `frame` line; `nil` for any other line.
    init?(line: String) {
        guard line.contains("\"event\":\"frame\""),
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let started = object["started"] as? Double, let rendered = object["rendered"] as? Double,
            let sent = object["sent"] as? Double
        else { return nil }
        self.requested = object["requested"] as? Double
        self.started = started
        self.rendered = rendered
        self.sent = sent
    }

    /// The app's frame for a tap whose touch left the page at `touchSent` and whose picture the head unit had at
    /// `arrival` (wall-clock ms): among the frames drawn between the two, the first one the tap asked for, else the
    /// last one (the change was drawn at a tick of the frame clock). Its `sent` may be a little after `arrival`:
    /// the emulator can read the bytes before the app's write completes.
    static func drawn(
        after touchSent: Double, before arrival: Double, among frames: [BenchGlassAppFrame]
    ) -> BenchGlassAppFrame? {
        let candidates = frames.filter { $0.started >= touchSent && $0.rendered <= arrival }
        return candidates.first { $0.requested != nil } ?? candidates.last
    }
}
