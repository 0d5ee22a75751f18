import SDLRPC
import SDLWire
import Testing

@testable import SDLStreaming

@Suite("Lifecycle state machine")
struct StateMachineTests {
    @Test("FULL starts with the capability's size and the head unit's first format")
    func startsAtFull() {
        var machine = Fixture.registeredMachine()
        let actions = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(
            actions == [
                .startService(
                    attempt: 1, VideoStartService(height: 600, width: 1024, videoProtocol: "RAW", videoCodec: "H264"))
            ])
        let ack = machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: true)))
        let stream = VideoStreamDescription(
            size: ImageResolution(width: 1024, height: 600), displaySize: ImageResolution(width: 1024, height: 600),
            scale: .identity, format: .h264RAW, isEncrypted: true, hapticSpatialDataSupported: true)
        #expect(
            ack == [
                .createEncoder(
                    VideoEncoderConfiguration(
                        size: ImageResolution(width: 1024, height: 600), format: .h264RAW, frameRate: 30,
                        bitrate: 2_000_000
                    )
                    .withHeadUnit(fps: 30, bitrate: 2_000_000)),
                .emit(.started(stream)),
            ])
        #expect(machine.state == .ready)
        #expect(machine.stream == stream)
    }

    @Test("nothing starts before registration, capability and a streamable HMI level")
    func gate() {
        var machine = VideoStreamStateMachine(settings: VideoStreamingSettings())
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
        #expect(machine.handle(.registered(Fixture.navigationApp)).isEmpty)
        // The capability settles the question: now FULL (already seen) opens.
        #expect(machine.handle(.capability(Fixture.capability)).startRequests.count == 1)
    }

    @Test("NOT_STREAMABLE closes like NONE; an absent videoStreamingState counts as STREAMABLE")
    func notStreamable() {
        var machine = Fixture.registeredMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.full, nil))).startRequests.count == 1)
        _ = machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false)))
        let actions = machine.handle(.hmiStatus(Fixture.status(.full, .notStreamable)))
        #expect(actions == [.endService(attempt: 2)])
    }

    @Test("statuses of other windows are ignored")
    func otherWindows() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable, windowID: 3))).isEmpty)
        #expect(machine.state == .ready)
        var stopped = Fixture.registeredMachine()
        #expect(stopped.handle(.hmiStatus(Fixture.status(.full, windowID: 1))).isEmpty)
        #expect(stopped.handle(.hmiStatus(Fixture.status(.full, windowID: 0))).startRequests.count == 1)
    }

    @Test("LIMITED keeps streaming (Core keeps the stream in LIMITED)")
    func limitedKeepsStreaming() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.limited))).isEmpty)
        #expect(machine.state == .ready)
    }

    @Test("a non-navigation app never sends StartService and says why, once")
    func notProjectionApp() {
        var machine = VideoStreamStateMachine(settings: VideoStreamingSettings())
        _ = machine.handle(.registered(HeadUnitVideoInfo(isProjectionApp: false)))
        _ = machine.handle(.capability(Fixture.capability))
        let first = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(first.startRequests.isEmpty)
        #expect(first.errorKinds == [.notProjectionApp])
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
    }

    @Test("head unit without video support")
    func videoNotSupported() {
        var machine = VideoStreamStateMachine(settings: VideoStreamingSettings())
        _ = machine.handle(.registered(HeadUnitVideoInfo(isProjectionApp: true, isVideoSupported: false)))
        _ = machine.handle(.capability(nil))
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).errorKinds == [.videoStreamingNotSupported])
    }

    @Test("old head unit: no capability streams the registration's display size in H.264 RAW")
    func noCapability() {
        var machine = Fixture.registeredMachine(capability: nil)
        let actions = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(
            actions.startRequests == [
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
            ])
        // An empty ACK (no size, no format) keeps what we asked for.
        let ack = machine.handle(.service(.startServiceACK(attempt: 1, MediaStartServiceACK(), encrypted: false)))
        #expect(machine.stream?.size == ImageResolution(width: 800, height: 480))
        #expect(machine.stream?.format == .h264RAW)
        #expect(ack.events.count == 1)
    }

    @Test("app goes to the background: suspend with background frames and cancelled touches; back: resume with an IDR")
    func suspendAndResume() {
        var machine = Fixture.streamingMachine()
        let away = machine.handle(.appState(.background))
        #expect(
            away == [
                .emit(.touchesCancelled),
                .sendBackgroundFrames(BackgroundFrames(), frameRate: 30),
                .emit(.suspended),
            ])
        #expect(machine.state == .suspended)
        let back = machine.handle(.appState(.active))
        #expect(back == [.requestKeyFrame, .emit(.resumed)])
        #expect(machine.state == .ready)
    }

    @Test("background frames can be turned off")
    func backgroundFramesOff() {
        var settings = VideoStreamingSettings()
        settings.backgroundFrames.isEnabled = false
        var machine = Fixture.streamingMachine(settings: settings)
        #expect(machine.handle(.appState(.resigningActive)) == [.emit(.touchesCancelled), .emit(.suspended)])
    }

    @Test("an ACK while the app is in the background goes straight to suspended")
    func ackWhileBackground() {
        var machine = Fixture.registeredMachine(appState: .active)
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        _ = machine.handle(.appState(.background))
        #expect(machine.state == .starting)
        let actions = machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false)))
        #expect(machine.state == .suspended)
        #expect(actions.events.last == .suspended)
    }

    @Test("the head unit's EndService is acknowledged, reported, and not retried until a new activation")
    func headUnitEndService() {
        var machine = Fixture.streamingMachine()
        let actions = machine.handle(.service(.headUnitEndedService))
        #expect(actions == [.acknowledgeEndService, .destroyEncoder, .emit(.stopped(.headUnitEndedService))])
        #expect(machine.state == .stopped)
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
        _ = machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable)))
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).startRequests.count == 1)
    }

    @Test("a move to another transport restarts at once with a new encoder, and the same size is no resize")
    func moveToAnotherTransport() throws {
        var machine = Fixture.streamingMachine()
        let moved = machine.handle(.service(.serviceMoved))
        #expect(Array(moved.prefix(2)) == [.destroyEncoder, .emit(.stopped(.restarting))])
        #expect(moved.startRequests.count == 1, "no waiting for a new activation: the HMI never refused")
        #expect(!moved.contains(.acknowledgeEndService), "the session ended it; there is no EndService to answer")
        let attempt = try #require(moved.startAttempts.first)
        let restarted = machine.handle(.service(.startServiceACK(attempt: attempt, Fixture.ack, encrypted: false)))
        #expect(restarted.events.contains { if case .started = $0 { true } else { false } })
        #expect(!restarted.events.contains { if case .resized = $0 { true } else { false } })
        #expect(machine.state == .ready)
    }

    @Test("a move while our StartService's ACK is on its way: that service is ended when it arrives, then a new start")
    func moveWhileStarting() throws {
        var machine = Fixture.registeredMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).startRequests.count == 1)
        #expect(machine.handle(.service(.serviceMoved)).isEmpty)
        #expect(
            machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false)))
                == [.endService(attempt: 2)])
        let answered = machine.handle(.service(.endServiceAnswered(attempt: 2)))
        #expect(answered.startRequests.count == 1)
        #expect(answered.events.isEmpty, "the moved service was never announced, so neither is its end")
    }

    @Test("a move during a restart's shutdown finishes it and starts again")
    func moveWhileShuttingDown() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.restart) == [.endService(attempt: 2)])
        let moved = machine.handle(.service(.serviceMoved))
        #expect(moved.events == [.stopped(.restarting)])
        #expect(moved.startRequests.count == 1)
    }

    @Test("Core's EndService overtaking our start's ACK after its NONE does not block the next activation")
    func headUnitEndWhileStartingAfterNone() {
        var machine = Fixture.registeredMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).startAttempts == [1])
        // Core ACKed the start, went to NONE and ended the service; the NONE and the EndService reach the machine
        // before the ACK does.
        #expect(machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable))).isEmpty)
        #expect(machine.handle(.service(.headUnitEndedService)) == [.acknowledgeEndService])
        #expect(machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false))).isEmpty)
        #expect(machine.state == .stopped)
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).startAttempts == [2])
    }

    @Test("a NAK answered after the gate closed does not block the next activation either")
    func failureWhileGateClosed() {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        _ = machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable)))
        let nak = ServiceNAK(reason: "Service type: 11 disallowed with current HMI level")
        #expect(machine.handle(.service(.startServiceNAK(attempt: 1, nak))).events.isEmpty)
        #expect(machine.handle(.hmiStatus(Fixture.status(.limited))).startAttempts == [2])
    }

    @Test("NONE while streaming: both sides send EndService, both end cleanly (core-8.2-hmi-levels.jsonl)")
    func bothEndAtOnce() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable))) == [.endService(attempt: 2)])
        let theirs = machine.handle(.service(.headUnitEndedService))
        #expect(theirs == [.acknowledgeEndService, .destroyEncoder, .emit(.stopped(.notStreamable))])
        // Our own EndService's late answer changes nothing.
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 2))).isEmpty)
        #expect(machine.state == .stopped)
    }

    @Test("transport closed: stopped, and a new registration is needed")
    func transportClosed() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.service(.transportClosed)) == [.destroyEncoder, .emit(.stopped(.transportClosed))])
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
        _ = machine.handle(.registered(Fixture.navigationApp))
        #expect(machine.handle(.capability(Fixture.capability)).startRequests.count == 1)
    }

    @Test("stop ends the service and stays stopped until restart")
    func stopAndRestart() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.stop) == [.endService(attempt: 2)])
        let answered = machine.handle(.service(.endServiceAnswered(attempt: 2)))
        #expect(answered == [.destroyEncoder, .emit(.stopped(.requested))])
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
        #expect(machine.handle(.restart).startRequests.count == 1)
    }

    @Test("restart while streaming: EndService, then StartService; one restart at a time")
    func restart() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.restart) == [.endService(attempt: 2)])
        #expect(machine.handle(.restart).isEmpty)
        #expect(machine.handle(.appState(.regainingActive)).isEmpty)
        let answered = machine.handle(.service(.endServiceAnswered(attempt: 2)))
        #expect(answered.startAttempts == [3])
        #expect(answered.events == [.stopped(.restarting)])
    }

    @Test("one video service at a time: nothing reopens while a StartService or EndService is out")
    func oneServiceAtATime() {
        var machine = Fixture.registeredMachine()
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).startAttempts == [1])
        var more: [VideoStreamAction] = []
        more += machine.handle(.hmiStatus(Fixture.status(.full)))
        more += machine.handle(.hmiStatus(Fixture.status(.limited)))
        more += machine.handle(.appState(.regainingActive))
        more += machine.handle(.appState(.active))
        more += machine.handle(.restart)
        #expect(more.startRequests.isEmpty)
        #expect(more.endAttempts.isEmpty)
        // The restart asked for while starting happens after the ACK: EndService first, then one StartService.
        #expect(
            machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false)))
                == [.endService(attempt: 2)])
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 2))).startAttempts == [3])
    }

    @Test("stale answers to old attempts are ignored")
    func staleAnswers() {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false))).isEmpty)
        #expect(machine.handle(.service(.startServiceNAK(attempt: 1, ServiceNAK()))).isEmpty)
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 7))).isEmpty)
        #expect(machine.state == .ready)
    }

    @Test("an encoder failure ends the stream with the error and waits for a new activation")
    func encoderFailure() {
        var machine = Fixture.streamingMachine()
        let error = MediaStreamingError(.encoderFailed, "openh264 returned 3")
        let actions = machine.handle(.encoderFailed(error))
        #expect(actions == [.endService(attempt: 2), .emit(.error(error))])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 2))).events == [.stopped(.failed(error))])
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
    }

    @Test("a StartService that fails on the connection reports it")
    func startFailure() {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        let error = MediaStreamingError(.connectionFailed, "write failed")
        #expect(machine.handle(.service(.startServiceFailed(attempt: 1, error))) == [.emit(.error(error))])
        #expect(machine.state == .stopped)
    }
}

extension VideoEncoderConfiguration {
    func withHeadUnit(fps: Int?, bitrate: Int?) -> VideoEncoderConfiguration {
        var copy = self
        copy.headUnitPreferredFPS = fps
        copy.headUnitMaxBitrate = bitrate
        return copy
    }
}
