import CarWindowTestingTools
import Foundation
import HeadUnit
import NIOCore
import SDLWire
import Testing

/// What the emulator records decodes: Annex-B files that ffprobe reads with the right size and frame count, for RAW
/// and RTP, with access units larger than the MTU sent as First/Consecutive frames.
@Suite("Recording", .serialized)
struct RecordingTests {
    /// Small enough that the test video's key frame needs several frames.
    static let mtu = 4_096
    /// A finer quantiser than the shared video, so the key frame is larger than the MTU.
    static let detailed = Task { await VideoSource.made { try VideoSource.accessUnits(quality: 8) } }

    @Test("a recorded video stream decodes", .timeLimit(.minutes(3)), arguments: ["RAW", "RTP"])
    func recordedVideoDecodes(videoProtocol: String) async throws {
        let units = try await Self.detailed.value.get()
        try #require(units.count == 30)
        try #require(units.contains { $0.count > Self.mtu }, "the test video needs an access unit above the MTU")
        let directory = try VideoSource.temporaryDirectory()
        var configuration = HeadUnitConfiguration(port: 0, recordDirectory: directory)
        configuration.mtu = Int64(Self.mtu)
        configuration.activationDelay = .milliseconds(10)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let received = await headUnit.accessUnits()
        let app = try await TestApp(port: port)

        let ack = try await app.startRPC()
        #expect(ack.mtu == Int64(Self.mtu))
        _ = try await app.registerUntilFull()
        let start = VideoStartService(height: 480, width: 800, videoProtocol: videoProtocol, videoCodec: "H264")
        try await app.sendControl(.startService, .video, payload: start.buffer)
        let answer = await app.nextFrame()
        #expect(answer?.header.controlFrameInfo == .startServiceACK)

        var sequence: UInt16 = 40_000
        for (index, unit) in units.enumerated() {
            let payload = videoProtocol == "RTP" ? VideoSource.rtp(unit, index: index, sequence: &sequence) : unit
            try await app.sendMessage(.video, payload, maximumPayload: Self.mtu - FrameHeader.v2Size)
        }
        try await app.sendControl(.endService, .video)
        let end = await app.nextFrame()
        #expect(end?.header.controlFrameInfo == .endServiceACK)

        var live: [VideoAccessUnit] = []
        for await unit in received {
            live.append(unit)
            if live.count == units.count { break }
        }
        await app.close()
        await headUnit.stop()

        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".h264") }
        try #require(files.count == 1)
        let path = directory + "/" + files[0]
        let summary = try await VideoProbe().summary(of: URL(fileURLWithPath: path))
        #expect(summary == VideoSummary(width: 800, height: 480, frames: 30))
        let recorded = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(recorded == live.flatMap(\.annexB))
        if videoProtocol == "RAW" {
            // RAW is written unchanged, as Core writes its stream file.
            #expect(recorded == units.flatMap { $0 })
        } else {
            // RTP comes back as the same NAL units, each behind a 4-byte start code.
            #expect(
                VideoSource.nalUnits(recorded).map(Self.strip) == units.flatMap(VideoSource.nalUnits).map(Self.strip))
        }
    }

    static func strip(_ nal: ArraySlice<UInt8>) -> [UInt8] { Array(nal.drop { $0 == 0 }.dropFirst()) }

    @Test("PCM is recorded unchanged", .timeLimit(.minutes(3)))
    func audioRecorded() async throws {
        let directory = try VideoSource.temporaryDirectory()
        var configuration = HeadUnitConfiguration(port: 0, recordDirectory: directory)
        configuration.activationDelay = .milliseconds(10)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let app = try await TestApp(port: try await headUnit.start())
        _ = try await app.startRPC()
        _ = try await app.registerUntilFull()
        try await app.sendControl(.startService, .audio)
        let ack = try #require(await app.nextFrame())
        #expect(ack.header.controlFrameInfo == .startServiceACK)
        #expect(try BSONDocument(decoding: ack.payload) == ["mtu": .int64(131_072)])
        let pcm = (0..<6400).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try await app.sendMessage(.audio, Array(pcm[..<3200]), maximumPayload: 131_060)
        try await app.sendMessage(.audio, Array(pcm[3200...]), maximumPayload: 131_060)
        try await app.sendControl(.endService, .audio)
        #expect(await app.nextFrame()?.header.controlFrameInfo == .endServiceACK)
        await app.close()
        await headUnit.stop()
        let recorded = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/app1-audio1.pcm")))
        #expect(recorded == pcm)
    }
}
