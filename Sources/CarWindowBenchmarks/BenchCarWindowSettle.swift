import CarWindow
import CarWindowTestingTools
import Foundation
import SDLMedia
import SDLRPC

/// Row 8 of `carwindow bench carwindow`: how soon a list's text turns crisp once a scroll stops. The list of rows 4
/// to 7 is dragged fast and stopped dead (the case that leaves the coarsest picture); the pump runs on a simulated
/// 30 fps clock into openh264 at a given bitrate, every frame it sends is encoded (no skipping, so pictures and
/// sources pair up), and ffmpeg's `psnr` filter compares each decoded picture of the list's area with the picture
/// the window rendered.
enum BenchCarWindowSettle {
    /// The list's part of the 1280x720 window (the panel beside it never changes), even-sized for I420.
    static let listArea = (width: 856, height: 720)

    /// What one run measured: the luma PSNR of the last moving frame, and of each frame sent after it.
    struct Result {
        var lastMoving: Double
        /// Time since the last moving frame, and the PSNR of the picture sent then.
        var after: [(Duration, Double)]

        /// The PSNR of the last picture: what the still screen settled at.
        var settled: Double { after.last?.1 ?? lastMoving }

        /// How long after motion stopped the picture came within `margin` dB of where it settled.
        func converged(within margin: Double = 0.5) -> Duration {
            if lastMoving >= settled - margin { return .zero }
            return after.first { $0.1 >= settled - margin }?.0 ?? .zero
        }
    }

    /// Scrolls, lets the list stop, then ticks for `stillSeconds` more with `settle` as the settle refreshes, the
    /// encoder at `bitrate`.
    @CarWindowActor
    static func run(settle: [Duration], bitrate: Int, stillSeconds: Double = 2) async throws -> Result {
        // The list's animations on the frame clock, so every run scrolls and stops the same way.
        let clock = ManualClock()
        let (window, _, rows) = try BenchCarWindowViews.makeWindow(clock: clock)
        defer { withExtendedLifetime(rows) {} }
        let size = BenchCarWindowViews.size
        let configuration = StreamingConfiguration(frameRate: 30, settleRefreshes: settle)
        let pump = FramePump(window: window, configuration: configuration)
        var settings = configuration.applied(
            to: EncoderSettings(width: size.width, height: size.height, bitrate: bitrate))
        settings.allowsFrameSkipping = false
        let encoder = try OpenH264Encoder(settings: settings)
        var converter = ColorConverter()
        var stream = Data()
        var source = Data()
        var sent: [(time: Duration, moving: Bool)] = []
        var touches = TouchConverter(scale: window.metrics.scale)
        var lastMove = Duration.zero
        var index = 0
        let still = Duration.milliseconds(Int64(stillSeconds * 1000))
        // A fast drag that stops dead (the finger holds, then lifts: no fling), then ticks until `stillSeconds`
        // have passed since the last moving frame.
        while index < stroke.count || configuration.framePeriod * index - lastMove < still {
            guard index < 30 * 60 else { break }  // a screen that never stops: measure what there is
            if let event = stroke.indices.contains(index) ? stroke[index] : nil {
                if let touch = try touches.touch(from: event) { window.handleTouch(touch) }
            }
            index += 1
            let now = configuration.framePeriod * index
            clock.advance(to: now)
            let tick = try pump.tick(at: now)
            guard let frame = tick.frame else { continue }
            let picture = try converter.convertToI420(frame)
            appendListArea(of: picture, to: &source)
            if let unit = try encoder.encode(picture) { stream.append(contentsOf: unit.bytes) }
            pump.submissionFinished(.accepted)
            if tick.outcome == .rendered { lastMove = now }
            sent.append((now, tick.outcome == .rendered))
        }
        let psnr = try await measure(stream: stream, source: source)
        guard psnr.count == sent.count, let last = sent.lastIndex(where: \.moving) else {
            throw BenchSettleError("ffmpeg compared \(psnr.count) of \(sent.count) pictures")
        }
        let after = (last + 1..<sent.count).map { (sent[$0].time - sent[last].time, psnr[$0]) }
        return Result(lastMoving: psnr[last], after: after)
    }

    /// The finger, one event (or none) per frame: down, 30 moves of 20 points upwards, a 300 ms hold, up.
    static let stroke: [OnTouchEvent?] = {
        func touch(_ type: TouchType, frame: Int, y: Int) -> OnTouchEvent {
            OnTouchEvent(type: type, event: [TouchEvent(id: 0, ts: [frame * 33], c: [TouchCoord(x: 400, y: y)])])
        }
        var events: [OnTouchEvent?] = [touch(.begin, frame: 0, y: 660)]
        for frame in 1...30 { events.append(touch(.move, frame: frame, y: 660 - frame * 20)) }
        events += Array(repeating: nil, count: 9)
        events.append(touch(.end, frame: 40, y: 60))
        return events
    }()

    /// The list area's I420 planes without row padding, as ffmpeg's `rawvideo` reads them.
    private static func appendListArea(of frame: VideoFrame, to data: inout Data) {
        let bytes = frame.buffer.bytes
        for (index, plane) in frame.planes.enumerated() {
            let (width, height) = index == 0 ? listArea : (listArea.width / 2, listArea.height / 2)
            for row in 0..<height {
                let start = plane.offset + row * plane.stride
                data.append(contentsOf: bytes[start..<(start + width)])
            }
        }
    }

    /// Luma PSNR of each decoded picture's list area against its source, by ffmpeg.
    private static func measure(stream: Data, source: Data) async throws -> [Double] {
        let scratch = try ScratchDirectory(prefix: "carwindow-settle")
        let encoded = scratch.file("stream.h264")
        let rendered = scratch.file("source.yuv")
        try stream.write(to: encoded)
        try source.write(to: rendered)
        guard let ffmpeg = ExternalTool.locate("ffmpeg") else {
            throw BenchSettleError("ffmpeg is not installed (Debian package ffmpeg)")
        }
        let (width, height) = listArea
        let arguments = [
            "-v", "error", "-f", "h264", "-i", encoded.path,
            "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(width)x\(height)", "-i", rendered.path,
            "-lavfi", "[0:v]crop=\(width):\(height):0:0[decoded];[decoded][1:v]psnr=stats_file=-", "-f", "null", "-",
        ]
        let output = try await ExternalTool(executable: ffmpeg).run(arguments)
        guard output.status == 0 else { throw BenchSettleError("ffmpeg failed: \(output.errorText)") }
        return output.outputText.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("psnr_y:") }.flatMap { Double($0.dropFirst(7)) }
        }
    }
}

/// Why the settle row could not measure.
struct BenchSettleError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
