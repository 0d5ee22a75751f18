import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import NIOCore
import SDLAudio
import SDLSession
import Testing

/// The emulator on 127.0.0.1 port 0 recording into a fresh directory (PCM files and the event log), a session
/// registered with it over TCP, and a ``SessionAudioStream`` wired to that session and already running.
struct AudioRig {
    let headUnit: HeadUnitEmulator
    let session: SDLSession
    let audio: SessionAudioStream<ContinuousClock>
    let app: AppID
    let directory: URL
    /// Subscribed before the session connected: every emulator event.
    let headUnitEvents: AsyncStream<HeadUnitEvent>
    /// Subscribed before the audio stream started: every audio event.
    let audioEvents: AsyncStream<AudioStreamEvent>

    var eventLog: URL { directory.appendingPathComponent("events.jsonl") }

    /// The `index`-th audio stream the emulator recorded for the app (counting from 1).
    func recording(_ index: Int) throws -> [UInt8] {
        let url = directory.appendingPathComponent("app\(app.rawValue)-audio\(index).pcm")
        return Array(try Data(contentsOf: url))
    }

    /// How the audio stream is driven: ``SessionAudioStream/start()`` or ``SessionAudioStream/run()`` in a task group.
    enum Driver {
        case start
        case run
    }

    /// Runs `body` with a fresh rig and always shuts everything down, on failure too.
    static func run(
        driver: Driver = .start,
        appConfiguration: (inout AppConfiguration) -> Void = { _ in },
        _ body: (AudioRig) async throws -> Void
    ) async throws {
        // The emulator on a free port, recording into a fresh directory with its event log there; stopped and
        // removed however the body ends.
        try await EmulatorFixture.run(eventLog: true) { emulator in
            let headUnit = emulator.headUnit
            let headUnitEvents = await headUnit.events()
            var logger = Logger(label: "test.audio")
            logger.logLevel = .critical
            var configuration = AppConfiguration(
                appName: "SwiftSDL Nav Probe", appID: "swiftsdl-nav", timeouts: .all(.seconds(30)), logger: logger)
            appConfiguration(&configuration)
            // TCP: the audio's pace beside video depends on the socket's back-pressure, which memory has not.
            let session = SDLSession(configuration: configuration, transport: emulator.tcpTransport())
            var audio: SessionAudioStream<ContinuousClock>?
            do {
                try await session.start()
                let stream = try await SessionAudioStream(session: session, logger: logger)
                audio = stream
                let audioEvents = await stream.manager.events()
                let app = try #require(await headUnit.apps().first?.app)
                let rig = AudioRig(
                    headUnit: headUnit, session: session, audio: stream, app: app, directory: emulator.directory,
                    headUnitEvents: headUnitEvents, audioEvents: audioEvents)
                switch driver {
                case .start:
                    await stream.start()
                    try await body(rig)
                case .run:
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask { await stream.run() }
                        try await body(rig)
                        group.cancelAll()
                    }
                }
            } catch {
                await audio?.stop()
                try? await session.stop()
                throw error
            }
            await audio?.stop()
            try await session.stop()
        }
    }
}

extension AsyncStream.Iterator {
    /// The next element that matches, skipping the others; `nil` when the stream ends first.
    mutating func first(where matches: (Element) -> Bool) async -> Element? {
        while let element = await next() {
            if matches(element) { return element }
        }
        return nil
    }
}

/// Test inputs made at test time.
enum TestInput {
    /// A 1 s 440 Hz sine at 44.1 kHz, stereo, written by ffmpeg's lavfi `sine` source as a 16-bit WAV, and the same
    /// signal as raw interleaved s16le for reference.
    static func sineWAV(in directory: URL) async throws -> (wav: String, reference: [Int16]) {
        let wav = directory.appendingPathComponent("sine-44k-stereo.wav").path
        let raw = directory.appendingPathComponent("sine-44k-stereo.raw").path
        try await ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1",
            "-ac", "2", "-c:a", "pcm_s16le", wav,
            "-ac", "2", "-f", "s16le", raw,
        ])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        let samples = stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
        return (wav, samples)
    }

    /// Runs ffmpeg off the cooperative pool (the emulator and the session under test need its threads meanwhile).
    static func ffmpeg(_ arguments: [String]) async throws {
        let all = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + arguments
        let output: ExternalTool.Output
        do {
            output = try await ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/env")).run(all)
        } catch {
            throw TestInputError("ffmpeg could not run (install Debian's ffmpeg): \(error)")
        }
        guard output.status == 0 else {
            throw TestInputError(
                "ffmpeg \(arguments.joined(separator: " ")) exited with \(output.status): \(output.errorText)")
        }
    }

    /// 16-bit little-endian mono samples.
    static func samples(_ bytes: [UInt8]) -> [Int16] {
        stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
    }

    /// `seconds` of a 16 kHz 16-bit mono sine, as bytes.
    static func sinePCM(seconds: Double, frequency: Double = 330, amplitude: Double = 0.25) -> ByteBuffer {
        let count = Int(16_000 * seconds)
        var buffer = ByteBuffer()
        for n in 0..<count {
            let value = amplitude * 32_767 * sin(2 * .pi * frequency * Double(n) / 16_000)
            buffer.writeInteger(Int16(value.rounded()), endianness: .little)
        }
        return buffer
    }
}

struct TestInputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
