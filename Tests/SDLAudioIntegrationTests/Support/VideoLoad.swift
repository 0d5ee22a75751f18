import Foundation
import NIOCore
import SDLSession
import SDLWire

/// A 1080p-sized video load on the session's video service: a 200 KB access unit every 33 ms, as a busy H.264
/// encoder makes at 30 fps, sent straight through ``SDLSession/sendData(_:on:)``.
enum VideoLoad {
    static let accessUnitBytes = 200_000
    static let interval = Duration.milliseconds(33)

    /// An Annex-B IDR slice header followed by filler: the emulator passes RAW access units through unchanged.
    static let accessUnit: ByteBuffer = {
        var buffer = ByteBuffer(bytes: [0, 0, 0, 1, 0x65])
        buffer.writeRepeatingByte(0xA5, count: accessUnitBytes - 5)
        return buffer
    }()

    static func startService(_ session: SDLSession) async throws {
        _ = try await session.startVideoService(
            VideoStartService(height: 1080, width: 1920, videoProtocol: "RAW", videoCodec: "H264"))
    }

    /// Sends access units on a fixed schedule until the task is cancelled; returns how many were sent.
    static func run(_ session: SDLSession) async throws -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        var sent = 0
        while !Task.isCancelled {
            try await session.sendData(accessUnit, on: .video)
            sent += 1
            do {
                try await clock.sleep(until: start.advanced(by: interval * sent), tolerance: nil)
            } catch {
                break
            }
        }
        return sent
    }
}

/// The frames in the emulator's event log (`HeadUnitConfiguration.eventLogPath`), as far as timing needs them.
struct LoggedFrame: Decodable {
    struct Header: Decodable {
        var frameType: Int
        var serviceType: Int
    }

    /// Seconds since the app connected, when the emulator handled the frame.
    var t: Double
    var dir: String
    var header: Header
    /// The whole size of a data frame, its 12-byte (v5) header included.
    var len: Int?

    /// The payload bytes of a data frame.
    var payloadBytes: Int { max(0, (len ?? 0) - 12) }

    var isFromApp: Bool { dir == "app->core" }
    var isAudioData: Bool { isFromApp && header.serviceType == 10 && header.frameType != 0 }
    var isVideoData: Bool { isFromApp && header.serviceType == 11 && header.frameType != 0 }

    static func load(_ url: URL) throws -> [LoggedFrame] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(LoggedFrame.self, from: Data($0.utf8)) }
    }
}

/// How steadily audio chunks reached the head unit.
struct AudioTiming: CustomStringConvertible {
    /// The longest time between two chunks after the first `burst` (which leave at once to fill the lead).
    var longestInterval: Double
    /// The longest silence a head unit playing each chunk as it arrives would have heard.
    var longestSilence: Double
    var chunks: Int

    /// - Parameters:
    ///   - frames: audio data frames in arrival order.
    ///   - bytesPerSecond: of the PCM format.
    ///   - burst: chunks that leave at once when a stream starts.
    init(_ frames: [LoggedFrame], bytesPerSecond: Double, burst: Int) {
        chunks = frames.count
        longestInterval = 0
        for (previous, next) in zip(frames.dropFirst(burst - 1), frames.dropFirst(burst)) {
            longestInterval = max(longestInterval, next.t - previous.t)
        }
        longestSilence = 0
        var playedUntil = frames.first?.t ?? 0
        for frame in frames {
            longestSilence = max(longestSilence, frame.t - playedUntil)
            playedUntil = max(playedUntil, frame.t) + Double(frame.payloadBytes) / bytesPerSecond
        }
    }

    var description: String {
        "\(chunks) chunks, longest interval \(Int(longestInterval * 1000)) ms, longest silence "
            + "\(Int(longestSilence * 1000)) ms"
    }
}
