import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import SDLStreaming
import Testing

/// RAW and RTP streams, NAK fallback, picture-in-picture size and scale, against the emulator over TCP.
@Suite("Streaming formats and sizes against the emulator", .timeLimit(.minutes(3)))
struct StreamFormatTests {
    @Test(
        "RAW and RTP streams decode to every frame sent at the negotiated size",
        arguments: [(VideoStreamingFormat.h264RAW, "raw"), (VideoStreamingFormat.h264RTP, "rtp")])
    func formats(format: VideoStreamingFormat, suffix: String) async throws {
        try await StreamingHarness.run(settings: VideoStreamingSettings(dataSource: PreferFormat(first: format))) {
            context in
            let stream = try await context.started()
            #expect(stream.format == format)
            #expect(stream.size == ImageResolution(width: 800, height: 480))
            #expect(await context.sendFrames(12, size: stream.size) == 12)
            await context.manager.stop()
            try await context.next("stopped") { $0 == .stopped(.requested) }
            let files = try context.recordingFiles()
            #expect(files.count == 1)
            #expect(files.first?.lastPathComponent.hasSuffix("-\(suffix).h264") == true)
            #expect(try await decoded(#require(files.first)) == VideoSummary(width: 800, height: 480, frames: 12))
        }
    }

    /// Core's two timers race: the NONE that follows a NAK, and the ACK of the retry sent straight after it.
    enum RetryRace: String, CaseIterable, CustomTestStringConvertible {
        case asCoreDid, retryACKedFirst, noneFirst
        var testDescription: String { rawValue }

        func apply(to quirks: inout CoreQuirks) {
            switch self {
            case .asCoreDid: break
            case .retryACKedFirst:
                quirks.videoStartDelay = .zero
                quirks.noneAfterVideoNAK = .milliseconds(200)
            case .noneFirst:
                quirks.videoStartDelay = .milliseconds(200)
                quirks.noneAfterVideoNAK = .zero
            }
        }
    }

    @Test(
        "a head unit that rejects RTP gets RAW: NAK, Core's NONE, the HMI's FULL again, then a RAW stream",
        arguments: RetryRace.allCases)
    func nakFallback(race: RetryRace) async throws {
        try await StreamingHarness.run(
            configure: {
                $0.activationDelay = nil
                race.apply(to: &$0.quirks)
            },
            settings: VideoStreamingSettings(dataSource: PreferFormat(first: .h264RTP))
        ) { context in
            await context.headUnit.rejectVideoFormats([.h264RTP])
            let headUnitEvents = await context.headUnit.events()
            try await context.headUnit.setHMILevel(.full, for: context.app)
            // Core answers a video NAK by moving the app to NONE; its HMI activates the app again later.
            var rejected: [String] = []
            for await event in headUnitEvents {
                if case .videoRejected(_, _, let params) = event { rejected += params }
                if case .hmiChanged(_, let status) = event, status.hmiLevel == .none { break }
            }
            #expect(rejected.contains("videoProtocol"))
            await context.sessionSees(.none)
            let later = try await context.afterManagerStops()
            try await context.headUnit.setHMILevel(.full, for: context.app)
            let stream = try await later.started()
            #expect(stream.format == .h264RAW)
            #expect(await later.sendFrames(5, size: stream.size) == 5)
            await later.manager.stop()
            try await later.next("stopped") { $0 == .stopped(.requested) }
            let files = try later.recordingFiles()
            #expect(try await decoded(#require(files.last)) == VideoSummary(width: 800, height: 480, frames: 5))
        }
    }

    @Test("picture-in-picture: the additional 320x240 capability becomes the stream size")
    func pictureInPicture() async throws {
        try await StreamingHarness.run(configure: {
            $0.video.additional = [VideoCapability(preferredResolution: VideoSize(width: 320, height: 240))]
        }) { context in
            let first = try await context.started()
            #expect(first.size == ImageResolution(width: 800, height: 480))
            #expect(await context.sendFrames(3, size: first.size) == 3)
            try await context.headUnit.switchToAdditionalCapability(at: 0)
            let (_, before) = try await context.next("resized") {
                $0 == .resized(ImageResolution(width: 320, height: 240))
            }
            #expect(before.contains(.stopped(.restarting)))
            #expect(await context.sendFrames(4, size: ImageResolution(width: 320, height: 240)) == 4)
            await context.manager.stop()
            try await context.next("stopped") { $0 == .stopped(.requested) }
            let files = try context.recordingFiles()
            #expect(files.count == 2)
            #expect(try await decoded(#require(files.last)) == VideoSummary(width: 320, height: 240, frames: 4))
        }
    }

    @Test("scale 2 streams at half the head unit's resolution, and the scale converts touches and haptics")
    func scale() async throws {
        try await StreamingHarness.run(configure: { $0.video.scale = 2 }) { context in
            let stream = try await context.started()
            #expect(stream.size == ImageResolution(width: 400, height: 240))
            #expect(stream.displaySize == ImageResolution(width: 800, height: 480))
            #expect(stream.scale.factor == 2)
            #expect(await context.sendFrames(6, size: stream.size) == 6)
            await context.manager.stop()
            try await context.next("stopped") { $0 == .stopped(.requested) }
            let recording = try #require(context.recordingFiles().first)
            #expect(try await decoded(recording) == VideoSummary(width: 400, height: 240, frames: 6))
        }
    }
}
