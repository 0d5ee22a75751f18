import HeadUnit
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The session over real TCP on 127.0.0.1 against the head-unit emulator (`HeadUnitEmulator`) on an ephemeral port.
///
/// Both modules name an `HMILevel`; this file only spells levels as `.full`/`.none`, so each is inferred.
@Suite("Emulator over TCP")
struct EmulatorTests {
    @Test("register, FULL, capability, video start, resize, Core's EndService on NONE, stop")
    func fullFlow() async throws {
        let headUnit = HeadUnitEmulator(
            configuration: HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50)))
        let port = try await headUnit.start()
        let session = SDLSession(configuration: .test(), transport: TCPTransport(host: "127.0.0.1", port: port))
        do {
            let statuses = await session.hmiStatusUpdates()
            let capabilities = await session.videoStreamingCapabilityUpdates()
            let ends = await session.serviceEnds()
            try await session.start()
            #expect(await session.parameters?.protocolVersion == ProtocolVersion(5, 4, 1))
            #expect(await session.parameters?.vehicle.model == "HmiStub")

            for await status in statuses where status.hmiLevel == .full { break }
            var capabilityIterator = capabilities.makeAsyncIterator()
            let initial = try #require(await capabilityIterator.next())
            #expect(initial.preferredResolution == ImageResolution(resolutionWidth: 800, resolutionHeight: 480))

            let video = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
            )
            #expect(video.ack.width == 800)
            #expect(video.ack.mtu == 131_072)

            let app = try #require(await headUnit.apps().first?.app)
            try await headUnit.resize(to: VideoSize(width: 1024, height: 600))
            let resized = try #require(await capabilityIterator.next())
            #expect(resized.preferredResolution == ImageResolution(resolutionWidth: 1024, resolutionHeight: 600))

            try await headUnit.setHMILevel(.none, for: app)
            var endIterator = ends.makeAsyncIterator()
            #expect(await endIterator.next() == ServiceEnd(service: .video, cause: .headUnit))

            try await session.stop()
            #expect(await session.state == .closed(error: nil))
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }
}
