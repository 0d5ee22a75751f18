import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The secondary transport end to end: two real TCP sockets on 127.0.0.1 between the session and the emulator.
@Suite("Secondary transport over TCP")
struct SecondaryTransportTests {
    static let videoParameters = VideoStartService(height: 240, width: 320, videoProtocol: "RAW", videoCodec: "H264")

    static func app(retryDelay: Duration = .seconds(60)) -> AppConfiguration {
        var logger = Logger(label: "test.secondary")
        logger.logLevel = .critical
        var app = AppConfiguration(
            appName: "SwiftSDL Nav Probe", appID: "swiftsdl-nav", timeouts: .all(.seconds(10)), logger: logger)
        // Long enough that the test's own restart on the primary is not undone by a reconnect.
        app.secondaryTransport.retryDelay = retryDelay
        return app
    }

    @Test("video starts on the secondary, moves back to the primary when it is killed, recordings decode")
    func moveAndFallBack() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(20))
        configuration.recordDirectory = directory.path
        configuration.secondaryTransport = SecondaryTransportOffer()
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let wire = await headUnit.receivedFrames()
        let events = await headUnit.events()
        let session = SDLSession(configuration: Self.app(), transport: TCPTransport(host: "127.0.0.1", port: port))
        let first = try SyntheticClip.accessUnits(count: 15)
        let second = try SyntheticClip.accessUnits(count: 12)
        do {
            let transports = await session.secondaryTransportUpdates()
            let ends = await session.serviceEnds()
            try await session.start()
            let parameters = try #require(await session.parameters)
            #expect(parameters.secondaryTransports == ["TCP_WIFI"])
            #expect(parameters.videoServiceTransports == [2, 1])

            var transportIterator = transports.makeAsyncIterator()
            let registered = await transportIterator.next()
            #expect(registered == .registered(host: "127.0.0.1", port: await headUnit.secondaryTransportPort ?? -1))

            _ = try await session.startVideoService(Self.videoParameters)
            for unit in first { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }

            // Every access unit reached the head unit before the link goes (sendData returns once the socket took it).
            for await event in events {
                if case .videoFrame(_, let index, _) = event, index == first.count - 1 { break }
            }
            let app = try #require(await headUnit.apps().first?.app)
            try await headUnit.dropSecondaryTransport(of: app)
            var endIterator = ends.makeAsyncIterator()
            #expect(await endIterator.next() == ServiceEnd(service: .video, cause: .movingTransport(to: .primary)))
            #expect(await transportIterator.next() == .serviceMoved(.video, restartOn: .primary))
            guard case .failed(let error) = await transportIterator.next(),
                case .secondaryTransport = error.kind
            else {
                Issue.record("expected the secondary to be reported as failed")
                throw CancellationError()
            }

            // The streaming layer's restart: a fresh encoder, so the new stream opens with an IDR.
            _ = try await session.startVideoService(Self.videoParameters)
            for unit in second { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }
            try await session.endService(.video)
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()

        var videoTransports: [TransportSlot] = []
        for await received in wire where received.frame.header.serviceType == .video {
            if videoTransports.last != received.transport { videoTransports.append(received.transport) }
        }
        #expect(videoTransports == [.secondary, .primary], "video ran on the secondary, then on the primary")

        let probe = VideoProbe()
        let onSecondary = directory.appendingPathComponent("app1-video1-320x240-raw.h264")
        let onPrimary = directory.appendingPathComponent("app1-video2-320x240-raw.h264")
        #expect(try await probe.summary(of: onSecondary) == VideoSummary(width: 320, height: 240, frames: first.count))
        #expect(try await probe.summary(of: onPrimary) == VideoSummary(width: 320, height: 240, frames: second.count))
        let joined = directory.appendingPathComponent("joined.h264")
        try (Data(contentsOf: onSecondary) + Data(contentsOf: onPrimary)).write(to: joined)
        let all = first.count + second.count
        #expect(try await probe.summary(of: joined) == VideoSummary(width: 320, height: 240, frames: all))
    }

    @Test("a withdrawn secondary (empty address) is closed on purpose, and video falls back to the primary")
    func withdrawal() async throws {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(20))
        configuration.secondaryTransport = SecondaryTransportOffer()
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let session = SDLSession(configuration: Self.app(), transport: TCPTransport(host: "127.0.0.1", port: port))
        do {
            let transports = await session.secondaryTransportUpdates()
            let ends = await session.serviceEnds()
            try await session.start()
            var transportIterator = transports.makeAsyncIterator()
            guard case .registered = await transportIterator.next() else {
                Issue.record("the secondary did not register")
                throw CancellationError()
            }
            _ = try await session.startVideoService(Self.videoParameters)
            let app = try #require(await headUnit.apps().first?.app)
            try await headUnit.withdrawSecondaryTransport(for: app)
            #expect(await transportIterator.next() == .serviceMoved(.video, restartOn: .primary))
            #expect(await transportIterator.next() == .closed)
            var endIterator = ends.makeAsyncIterator()
            #expect(await endIterator.next() == ServiceEnd(service: .video, cause: .movingTransport(to: .primary)))
            let restarted = try await session.startVideoService(Self.videoParameters)
            #expect(restarted.ack.width == 320)
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }

    @Test("without an offer, or with the secondary disabled, video stays on the primary")
    func disabled() async throws {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(20))
        configuration.secondaryTransport = SecondaryTransportOffer()
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let wire = await headUnit.receivedFrames()
        var app = Self.app()
        app.secondaryTransport.isEnabled = false
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        do {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            _ = try await session.startVideoService(Self.videoParameters)
            try await session.sendData(ByteBuffer(bytes: [0, 0, 0, 1, 0x09, 0xF0]), on: .video)
            try await session.endService(.video)
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
        var transports: Set<TransportSlot> = []
        for await received in wire { transports.insert(received.transport) }
        #expect(transports == [.primary])
    }
}
