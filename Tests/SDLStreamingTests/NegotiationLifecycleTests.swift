import SDLRPC
import SDLWire
import Testing

@testable import SDLStreaming

/// NAK fallback, Core's NONE after a NAK, resize and capability changes, as the lifecycle sees them.
@Suite("Negotiation in the lifecycle")
struct NegotiationLifecycleTests {
    static let rawRejected = ServiceNAK(
        rejectedParams: ["videoProtocol"], reason: "Received SetVideoConfig failure response")

    @Test("NAK of the protocol tries the next format; NAK of everything stops with a clear error")
    func nakFallback() {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        let retry = machine.handle(.service(.startServiceNAK(attempt: 1, Self.rawRejected)))
        #expect(
            retry == [
                .startService(
                    attempt: 2, VideoStartService(height: 600, width: 1024, videoProtocol: "RTP", videoCodec: "H264"))
            ])
        let exhausted = machine.handle(.service(.startServiceNAK(attempt: 2, Self.rawRejected)))
        #expect(exhausted.errorKinds == [.negotiationExhausted])
        #expect(exhausted.startRequests.isEmpty)
        #expect(machine.state == .stopped)
        // No spinning: further FULL statuses do not retry.
        #expect(machine.handle(.hmiStatus(Fixture.status(.full))).isEmpty)
        #expect(machine.handle(.hmiStatus(Fixture.status(.limited))).isEmpty)
    }

    @Test("a NAK without rejectedParams stops with an error naming the reason")
    func nakWithoutReasons() throws {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        let nak = ServiceNAK(reason: "Service type: 11 disallowed with current HMI type")
        let actions = machine.handle(.service(.startServiceNAK(attempt: 1, nak)))
        let event = try #require(actions.events.first)
        guard case .error(let error) = event else {
            Issue.record("expected an error, got \(event)")
            return
        }
        #expect(error.kind == .serviceRejected(nak))
        #expect(error.description.contains("disallowed with current HMI type"))
        #expect(machine.state == .stopped)
    }

    @Test("Core's NONE after a NAK races a retry that Core then ACKs: the service is ended, never announced")
    func noneRacesRetry() {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(machine.handle(.service(.startServiceNAK(attempt: 1, Self.rawRejected))).startAttempts == [2])
        #expect(machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable))).isEmpty)
        let ack = machine.handle(.service(.startServiceACK(attempt: 2, Fixture.ack, encrypted: false)))
        #expect(ack == [.endService(attempt: 3)])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 3))).isEmpty)
        #expect(machine.state == .stopped)
        // The HMI activates the app again: a fresh negotiation that skips the format the NAK refused.
        let again = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(again.startRequests.first?.videoProtocol == "RTP")
    }

    @Test("Core's NONE after a NAK, then a NAK of the retry: stopped, no further request")
    func noneThenNak() {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        _ = machine.handle(.service(.startServiceNAK(attempt: 1, Self.rawRejected)))
        _ = machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable)))
        #expect(machine.handle(.service(.startServiceNAK(attempt: 2, Self.rawRejected))).isEmpty)
        #expect(machine.state == .stopped)
        #expect(machine.handle(.hmiStatus(Fixture.status(.none, .notStreamable))).isEmpty)
    }

    @Test("a new size while streaming: EndService, StartService at the new size, new encoder, resized event")
    func resize() {
        var machine = Fixture.streamingMachine()
        var split = Fixture.capability
        split.preferredResolution = ImageResolution(width: 640, height: 600)
        #expect(machine.handle(.capability(split)) == [.endService(attempt: 2)])
        let restart = machine.handle(.service(.endServiceAnswered(attempt: 2)))
        #expect(restart.events == [.stopped(.restarting)])
        #expect(
            restart.startRequests == [
                VideoStartService(height: 600, width: 640, videoProtocol: "RAW", videoCodec: "H264")
            ])
        let ack = MediaStartServiceACK(mtu: 131_072, videoProtocol: "RAW", width: 640, videoCodec: "H264", height: 600)
        let started = machine.handle(.service(.startServiceACK(attempt: 3, ack, encrypted: false)))
        guard case .createEncoder(let encoder) = started.first else {
            Issue.record("expected a new encoder first, got \(started)")
            return
        }
        #expect(encoder.size == ImageResolution(width: 640, height: 600))
        #expect(started.events.last == .resized(ImageResolution(width: 640, height: 600)))
    }

    @Test(
        "an update with a zero or absurd size keeps the stream as it is",
        arguments: [
            ImageResolution(width: 0, height: 0), ImageResolution(width: -1, height: 600),
            ImageResolution(width: 1024, height: 1_000_000),
        ])
    func badSizeUpdate(_ size: ImageResolution) {
        var machine = Fixture.streamingMachine()
        #expect(machine.handle(.capability(VideoStreamingCapability(preferredResolution: size))).isEmpty)
        #expect(machine.state == .ready)
        #expect(machine.stream?.size == ImageResolution(width: 1024, height: 600))
    }

    @Test("a capability update that only changes rates rebuilds the encoder without a restart")
    func rateChange() {
        var machine = Fixture.streamingMachine()
        let actions = machine.handle(.capability(VideoStreamingCapability(maxBitrate: 500, preferredFPS: 15)))
        #expect(actions.endAttempts.isEmpty)
        guard case .createEncoder(let encoder) = actions.first else {
            Issue.record("expected a new encoder, got \(actions)")
            return
        }
        #expect(encoder.frameRate == 15)
        #expect(encoder.bitrate == 500_000)
        // The same update again changes nothing.
        #expect(machine.handle(.capability(VideoStreamingCapability(maxBitrate: 500, preferredFPS: 15))).isEmpty)
    }

    @Test("a capability the ranges refuse ends the stream with an error")
    func resizeOutsideRanges() throws {
        var settings = VideoStreamingSettings()
        settings.portraitRange = .disabled
        var machine = Fixture.streamingMachine(settings: settings)
        var portrait = Fixture.capability
        portrait.preferredResolution = ImageResolution(width: 480, height: 800)
        let actions = machine.handle(.capability(portrait))
        #expect(actions.errorKinds == [.noResolutionInRange])
        let attempt = try #require(actions.endAttempts.first)
        let end = machine.handle(.service(.endServiceAnswered(attempt: attempt)))
        #expect(end.startRequests.isEmpty)
        #expect(machine.state == .stopped)
    }

    @Test("a capability change during starting restarts once the ACK arrives")
    func capabilityWhileStarting() {
        var machine = Fixture.registeredMachine()
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        var smaller = Fixture.capability
        smaller.preferredResolution = ImageResolution(width: 800, height: 480)
        #expect(machine.handle(.capability(smaller)).isEmpty)
        #expect(
            machine.handle(.service(.startServiceACK(attempt: 1, Fixture.ack, encrypted: false)))
                == [.endService(attempt: 2)])
        let again = machine.handle(.service(.endServiceAnswered(attempt: 2)))
        #expect(again.startRequests.first?.width == 800)
    }

    @Test("OnAppCapabilityUpdated lists the head unit's sizes that pass the ranges, once")
    func appCapability() {
        var settings = VideoStreamingSettings()
        settings.portraitRange = .disabled
        var capability = Fixture.capability
        capability.additionalVideoStreamingCapabilities = [
            VideoStreamingCapability(preferredResolution: ImageResolution(width: 400, height: 600), scale: 1),
            VideoStreamingCapability(preferredResolution: ImageResolution(width: 640, height: 480), preferredFPS: 15),
        ]
        var machine = Fixture.registeredMachine(settings: settings, capability: capability)
        let actions = machine.handle(.hmiStatus(Fixture.status(.full)))
        guard case .sendAppCapability(let update) = actions.first else {
            Issue.record("expected OnAppCapabilityUpdated first, got \(actions)")
            return
        }
        let sizes = update.appCapability.videoStreamingCapability?.additionalVideoStreamingCapabilities?
            .compactMap(\.preferredResolution)
        #expect(sizes == [ImageResolution(width: 1024, height: 600), ImageResolution(width: 640, height: 480)])
        // Each keeps its own preferredFPS (sdl_ios loses it).
        #expect(
            update.appCapability.videoStreamingCapability?.additionalVideoStreamingCapabilities?.last?.preferredFPS
                == 15)
        _ = machine.handle(.service(.startServiceNAK(attempt: 1, ServiceNAK())))
        _ = machine.handle(.hmiStatus(Fixture.status(.none)))
        let second = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(second.count == 1)  // only the StartService: the same capability is not sent twice
    }

    @Test("both ranges disabled: no video, a clear error, no StartService")
    func bothDisabled() {
        let settings = VideoStreamingSettings(landscapeRange: .disabled, portraitRange: .disabled)
        var machine = Fixture.registeredMachine(settings: settings)
        let actions = machine.handle(.hmiStatus(Fixture.status(.full)))
        #expect(actions.startRequests.isEmpty)
        #expect(actions.errorKinds == [.noResolutionInRange])
    }

    @Test("an ACK with a size outside the ranges ends the service with an error")
    func ackOutsideRanges() throws {
        let settings = VideoStreamingSettings(
            landscapeRange: try StreamingRange(maximumResolution: ImageResolution(width: 1100, height: 700)))
        var machine = Fixture.registeredMachine(settings: settings)
        _ = machine.handle(.hmiStatus(Fixture.status(.full)))
        let ack = MediaStartServiceACK(width: 1920, height: 1080)
        let actions = machine.handle(.service(.startServiceACK(attempt: 1, ack, encrypted: false)))
        #expect(actions.first == .endService(attempt: 2))
        #expect(actions.errorKinds == [.invalidAcknowledgement])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 2))).events.isEmpty)
    }
}
