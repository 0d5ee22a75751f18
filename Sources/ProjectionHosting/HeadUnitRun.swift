package import HeadUnit
import HeadUnitViewer
import SDLSession

/// `carwindow headunit`'s run: the emulator, the browser viewer on it when asked, the console on standard input when
/// asked, and a line for each event worth one, until an interrupt (Ctrl-C, SIGTERM) stops the emulator.
///
/// ```swift
/// try await HeadUnitRun.run(
///     configuration, viewerPort: 8080, summary: "800x480, H264/RAW", interrupts: Interrupt.watch(), say: say)
/// ```
package enum HeadUnitRun {
    /// Starts the viewer (it subscribes first, so it sees the first app from its first event), then the emulator;
    /// says where each listens; returns once the emulator stopped and the viewer shut down.
    ///
    /// - Parameters:
    ///   - viewerPort: the viewer's port (0 for a free one), or `nil` for no viewer.
    ///   - summary: what the listening line says of the head unit after its address (its screen and formats).
    ///   - console: whether standard input's lines are console commands (``HeadUnitConsole``).
    /// - Throws: the viewer's or the emulator's error when either cannot listen; nothing is left running then.
    package static func run(
        _ configuration: HeadUnitConfiguration, viewerPort: Int?, summary: String, interrupts: AsyncStream<Void>,
        console: Bool = true, say: @escaping @Sendable (String) -> Void
    ) async throws {
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let events = await headUnit.events()
        var viewer: RunningViewerServer?
        if let viewerPort {
            viewer = try await RunningViewerServer.start(HeadUnitBackend(headUnit: headUnit), port: viewerPort)
        }
        let port: Int
        do {
            port = try await headUnit.start()
        } catch {
            await viewer?.stop()
            throw error
        }
        let host = configuration.host
        say("carwindow head unit listening on \(TCPTransport.address(host: host, port: port)) (\(summary))")
        if let secondary = await headUnit.secondaryTransportPort {
            say("secondary transport on \(TCPTransport.address(host: host, port: secondary))")
        }
        if let webSocket = await headUnit.webSocketPort {
            let scheme = configuration.webSocketTLS == nil ? "ws" : "wss"
            say("WebSocket apps on \(scheme)://\(TCPTransport.address(host: host, port: webSocket))")
        }
        for cloud in configuration.cloudApps {
            say("cloud app \(cloud.policyAppID) at \(cloud.endpoint): `activate \(cloud.policyAppID)` dials it")
        }
        if let viewer { say("viewer: http://127.0.0.1:\(viewer.port)") }

        // Stopping the emulator ends its event stream, which ends the loop below.
        let interruptTask = Task {
            for await _ in interrupts {
                await headUnit.stop()
                break
            }
        }
        let consoleTask = console ? HeadUnitConsole.start(on: headUnit, say: say) : nil
        for await event in events {
            if let line = line(for: event) { say(line) }
        }
        consoleTask?.cancel()
        interruptTask.cancel()
        await viewer?.stop()
        say("head unit stopped")
    }

    /// The line an event gets: the first access unit of a connection says the video arrives (the rest would flood
    /// the console); audio data and sent touches get none; every other event is said as it describes itself.
    package static func line(for event: HeadUnitEvent) -> String? {
        switch event {
        case .videoFrame(let app, let index, let bytes): index == 0 ? "\(app) first access unit: \(bytes) bytes" : nil
        case .audioData, .touchSent: nil
        default: "\(event)"
        }
    }
}
