import CarWindow
import Foundation
import SDLMedia
import Testing

@Suite("Encoded output of the pump")
@CarWindowActor
struct EncodedClipTests {
    @Test("a clip of the pump's frames decodes with ffprobe to the frames sent, at the streaming size", arguments: [
        (800.0, 480.0, 1.0), (1280.0, 720.0, 1.5),
    ])
    func clipDecodes(width: Double, height: Double, scale: Double) throws {
        let window = try Window(
            capabilities: DisplayCapabilities(resolution: Size(width: width, height: height), scale: scale),
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        let configuration = StreamingConfiguration(frameRate: 30)
        let pump = FramePump(window: window, configuration: configuration)
        let size = PooledFrameRenderer.streamingSize(forViewport: window.frameSize)
        var settings = configuration.applied(to: EncoderSettings(width: size.width, height: size.height))
        settings.allowsFrameSkipping = false
        let encoder = try OpenH264Encoder(settings: settings)
        var converter = ColorConverter()
        var stream: [UInt8] = []
        var encoded = 0
        // 20 moving frames, then 1.5 s of a static screen: one refresh frame.
        for index in 1...65 {
            if index <= 20 { screen.advance(by: 0.002) }
            let tick = try pump.tick(at: configuration.framePeriod * index)
            guard let frame = tick.frame else { continue }
            if let unit = try encoder.encode(converter.convertToI420(frame)) {
                stream += unit.bytes
                encoded += 1
            }
            pump.submissionFinished(.accepted)
        }
        #expect(pump.statistics.framesRendered == 20)
        #expect(pump.statistics.refreshFrames == 1)
        #expect(encoded == 21)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-\(UUID()).h264")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(stream).write(to: file)
        let probe = try FFprobe.probe(file)
        #expect(probe == FFprobe.Result(frames: encoded, width: size.width, height: size.height))
    }
}

/// Frame count and size of an H.264 elementary stream, from `ffprobe -count_frames`.
enum FFprobe {
    struct Result: Equatable {
        var frames: Int
        var width: Int
        var height: Int
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func probe(_ file: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-f", "h264", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames,width,height", "-of", "default=noprint_wrappers=1", file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "ffprobe exited \(process.terminationStatus); is ffmpeg installed?")
        }
        var fields: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = Int(parts[1]) }
        }
        return Result(frames: fields["nb_read_frames"] ?? -1, width: fields["width"] ?? -1, height: fields["height"] ?? -1)
    }
}
