import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import SDLStreaming
import Testing

/// The lifecycle rows the emulator can produce, head-unit EndService, disconnect, and resize, over TCP.
@Suite("Streaming lifecycle against the emulator", .timeLimit(.minutes(3)))
struct StreamLifecycleTests {
    @Test("LIMITED keeps streaming; BACKGROUND and NONE stop; FULL again restarts")
    func hmiLevels() async throws {
        try await StreamingHarness.run { context in
            let stream = try await context.started()
            try await context.headUnit.setHMILevel(.limited, for: context.app)
            await context.sessionSees(.limited)
            #expect(await context.sendFrames(3, size: stream.size) == 3)
            for toBackground in [true, false] {
                try await context.headUnit.setHMILevel(toBackground ? .background : .none, for: context.app)
                let (event, _) = try await context.next("stopped") { if case .stopped = $0 { true } else { false } }
                #expect(event == .stopped(.notStreamable) || event == .stopped(.headUnitEndedService))
                try await context.headUnit.setHMILevel(.full, for: context.app)
                let again = try await context.started()
                #expect(again.size == stream.size)
            }
            try await context.headUnit.setHMILevel(.full, videoStreamingState: .notStreamable, for: context.app)
            try await context.next("stopped") { $0 == .stopped(.notStreamable) }
        }
    }

    @Test(
        "the app-state rows: background and resigning suspend, active resumes, regaining restarts",
        arguments: [
            (AppState.background, [VideoStreamEvent.suspended]),
            (AppState.resigningActive, [VideoStreamEvent.suspended]),
        ])
    func appStateSuspends(state: AppState, expected: [VideoStreamEvent]) async throws {
        try await StreamingHarness.run { context in
            _ = try await context.started()
            await context.manager.setAppState(state)
            try await context.next("suspended") { $0 == .suspended }
            await context.manager.setAppState(.active)
            try await context.next("resumed") { $0 == .resumed }
        }
    }

    @Test("regaining active restarts the service")
    func regainingActiveRestarts() async throws {
        try await StreamingHarness.run { context in
            _ = try await context.started()
            await context.manager.setAppState(.regainingActive)
            try await context.next("stopped") { $0 == .stopped(.restarting) }
            _ = try await context.started()
        }
    }

    @Test("the head unit's EndService is reported, and the stream restarts at the next activation")
    func headUnitEndService() async throws {
        try await StreamingHarness.run { context in
            _ = try await context.started()
            try await context.headUnit.endVideoService(for: context.app)
            try await context.next("stopped") { $0 == .stopped(.headUnitEndedService) }
            try await context.headUnit.setHMILevel(.background, for: context.app)
            await context.sessionSees(.background)
            try await context.headUnit.setHMILevel(.full, for: context.app)
            _ = try await context.started()
        }
    }

    @Test("stop while frames stream: every frame goes before the EndService, none after it", arguments: 0..<3)
    func stopWhileStreaming(round: Int) async throws {
        try await StreamingHarness.run { context in
            let stream = try await context.started()
            let headUnitEvents = await context.headUnit.events()
            // Frames as fast as the manager takes them, from another task, while the app stops the stream.
            let sender = Task { await context.sendFrames(400, size: stream.size) }
            #expect(await context.sendFrames(3, size: stream.size, from: 1_000) == 3)
            await context.manager.stop()
            try await context.next("stopped") { $0 == .stopped(.requested) }
            let sent = await sender.value
            await context.headUnit.stop()
            var violations: [String] = []
            var stopped = false
            for await event in headUnitEvents {
                if case .error(let error) = event { violations.append(error.description) }
                if case .videoStopped = event { stopped = true }
            }
            #expect(stopped)
            #expect(violations.isEmpty, "the emulator saw \(violations) (\(sent) frames sent by the other task)")
        }
    }

    @Test("a dropped connection mid-stream is reported and nothing hangs")
    func disconnect() async throws {
        try await StreamingHarness.run { context in
            let stream = try await context.started()
            #expect(await context.sendFrames(2, size: stream.size) == 2)
            try await context.headUnit.dropConnection(context.app)
            try await context.next("stopped") { $0 == .stopped(.transportClosed) }
            #expect(await context.manager.status.isStreaming == false)
        }
    }

    @Test("resize mid-stream: resized fires and the second recording has the new size; prints the latency")
    func resize() async throws {
        try await StreamingHarness.run { context in
            let stream = try await context.started()
            #expect(await context.sendFrames(3, size: stream.size) == 3)
            try await context.headUnit.resize(to: VideoSize(width: 1024, height: 600))
            try await context.next("resized") { $0 == .resized(ImageResolution(width: 1024, height: 600)) }
            #expect(await context.sendFrames(5, size: ImageResolution(width: 1024, height: 600)) == 5)
            if let latency = await context.manager.statistics.lastResize {
                print(
                    "resize latency to \(latency.size): service started after \(latency.toServiceStarted), "
                        + "first frame after \(latency.toFirstFrame.map { "\($0)" } ?? "-")")
            }
            await context.manager.stop()
            try await context.next("stopped") { $0 == .stopped(.requested) }
            let files = try context.recordingFiles()
            #expect(files.count == 2)
            #expect(try await decoded(#require(files.last)) == VideoSummary(width: 1024, height: 600, frames: 5))
        }
    }
}
