import CarWindowTestingTools
import NIOCore
import SDLMedia
import SDLRPC
import SDLWire
import Testing

@testable import SDLStreaming

/// The SDLMedia adapter with the real openh264 encoder and packetizers, and the manager driving it end to end
/// against the fake head unit: what reaches the connection decodes back into access units.
@Suite("SDLMedia adapter", .timeLimit(.minutes(3)))
struct MediaAdapterTests {
    static func frame(_ index: Int, width: Int = 320, height: Int = 240) -> VideoFrame {
        let pool = PixelBufferPool(format: .bgra, width: width, height: height, capacity: 1)
        let frame = pool.makeFrame(presentationTime: .zero)
        SyntheticScene(width: width, height: height, format: .bgra).render(frameIndex: index, into: frame)
        return frame
    }

    static let configuration = VideoEncoderConfiguration(
        candidate: VideoStreamCandidate(
            displayResolution: ImageResolution(width: 320, height: 240), preferredFPS: 30, maxBitrateKbps: 2_000),
        format: .h264RAW, settings: VideoStreamingSettings())

    @Test("negotiated size and rates become SDLMedia settings; the head unit's maxBitrate is the ceiling")
    func settings() {
        let settings = MediaEncoderFactory().encoderSettings(for: Self.configuration)
        #expect(settings.width == 320)
        #expect(settings.height == 240)
        #expect(settings.frameRate == 30)
        #expect(settings.bitrate == 300_000, "320x240's target, under the 2 Mbit/s ceiling")
        #expect(settings.maxBitrate == 2_000_000)
    }

    @Test("RAW: one Annex-B access unit per frame, SPS + PPS + IDR when asked")
    func raw() async throws {
        let encoder = try MediaEncoderFactory().makeEncoder(Self.configuration)
        let first = try await encoder.encode(Self.frame(0), presentationTime: .zero, keyFrame: true)
        #expect(first.count == 1)
        let unit = try RAWDepacketizer.accessUnit(from: Array(buffer: first[0]), presentationTime: .zero)
        #expect(Array(unit.nalUnitTypes.prefix(2)) == [.sps, .pps])
        #expect(unit.nalUnitTypes.contains(.idrSlice))
        let second = try await encoder.encode(Self.frame(1), presentationTime: .milliseconds(33), keyFrame: false)
        for payload in second {
            let delta = try RAWDepacketizer.accessUnit(from: Array(buffer: payload), presentationTime: .zero)
            #expect(!delta.nalUnitTypes.contains(.sps))
        }
    }

    @Test("RTP: the payload is RFC 4571 framed and depacketizes into the IDR access unit")
    func rtp() async throws {
        var configuration = Self.configuration
        configuration.format = .h264RTP
        let encoder = try MediaEncoderFactory().makeEncoder(configuration)
        let payloads = try await encoder.encode(Self.frame(0), presentationTime: .zero, keyFrame: true)
        var depacketizer = RTPDepacketizer()
        for payload in payloads { depacketizer.append(Array(buffer: payload)) }
        let unit = try #require(try depacketizer.nextAccessUnit() ?? depacketizer.finish())
        #expect(unit.isIDR)
        #expect(unit.nalUnitTypes.contains(.sps))
    }

    @Test("a format without a packetizer is refused when the encoder is built")
    func unsupportedFormat() {
        var configuration = Self.configuration
        configuration.format = VideoStreamingFormat(protocol: .rtsp, codec: .h264)
        #expect(throws: MediaStreamingError.self) { try MediaEncoderFactory().makeEncoder(configuration) }
    }

    @Test("the default background frame is video black at the stream size, and encodes")
    func backgroundFrame() async throws {
        let frame = try #require(
            MediaEncoderFactory().backgroundFrame(message: "open", size: ImageResolution(width: 320, height: 240)))
        #expect(frame.format == .i420)
        #expect(frame.width == 320)
        #expect(frame.buffer.bytes[frame.planes[0].offset] == 16)
        #expect(frame.buffer.bytes[frame.planes[1].offset] == 128)
        let encoder = try MediaEncoderFactory().makeEncoder(Self.configuration)
        let payloads = try await encoder.encode(frame, presentationTime: .zero, keyFrame: true)
        #expect(payloads.count == 1)
    }

    @Test("end to end: the manager streams real H.264 at the negotiated size through the fake head unit")
    func endToEnd() async throws {
        let clock = ManualClock(startingAt: .seconds(100), sleeping: .fails)
        let connection = FakeConnection(clock: clock)
        let manager = VideoStreamManager(
            settings: VideoStreamingSettings(), connection: connection, encoderFactory: MediaEncoderFactory(),
            clock: clock)
        var events = await manager.events().makeAsyncIterator()
        let running = Task { await manager.run() }
        await manager.registered(Fixture.navigationApp)
        var capability = Fixture.capability
        capability.preferredResolution = ImageResolution(width: 640, height: 480)
        capability.scale = 2
        await manager.capabilityUpdated(capability)
        await manager.hmiStatusChanged(Fixture.status(.full))
        guard case .started(let stream) = await events.next() else {
            Issue.record("expected started")
            return
        }
        #expect(stream.size == ImageResolution(width: 320, height: 240))
        var sent = 0
        for index in 0..<5 {
            let result = await manager.send(Self.frame(index), presentationTime: .milliseconds(33 * index))
            if case .sent = result { sent += 1 }
        }
        let payloads = await connection.sent
        #expect(sent >= 1)
        #expect(payloads.count == sent)
        let units = try payloads.map {
            try RAWDepacketizer.accessUnit(from: Array(buffer: $0), presentationTime: .zero)
        }
        #expect(units.first?.isIDR == true)
        running.cancel()
        await running.value
    }
}
