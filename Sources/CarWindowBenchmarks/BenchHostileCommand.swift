import ArgumentParser
import Foundation
import Logging
import NIOCore
import SDLRPC
import SDLSession
import SDLWire

/// `carwindow bench hostile`: the app against head units that attack its resources (docs/reliability.md, "Hostile
/// head unit", records the output).
struct BenchHostileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile",
        abstract: "Run the app against hostile head units: peak memory, the typed error and the drops of each.",
        discussion: """
            Each case is a scripted head unit on 127.0.0.1 (TCP) and one SDLSession against it: a flood of \
            notifications nobody reads, a 100 MB frame length, a head unit that never ACKs the StartService, one \
            that goes silent after registering, one that stops reading while video is sent, one that reads 1 byte per \
            second while video is sent. Per case it prints \
            the peak RSS of this process during the case (VmHWM, reset before each case), the error the session \
            ended with, and what was dropped or held. The tests in SDLSessionTests.HostileHeadUnitTests assert the \
            same behaviour; CarWindowCLITests.BenchHostileCommandTests checks this output, the drops of the slow \
            reader included.

              swift build -c release --product carwindow
              .build/release/carwindow bench hostile
            """
    )

    @Option(help: "Notifications in the flood.")
    var flood = 200_000

    struct Row {
        var name: String
        var error: String
        var drops: String
        var peakKiB = 0
    }

    func run() async throws {
        var logger = Logger(label: "carwindow.bench.hostile")
        logger.logLevel = .critical
        var app = AppConfiguration(appName: "Hostile Bench", appID: "swiftsdl-nav", logger: logger)
        app.timeouts = .all(.seconds(2))
        app.heartbeat = AppConfiguration.Heartbeat(idle: .milliseconds(500), answerTimeout: .seconds(1))
        print("case                      peak RSS   error; dropped or held")
        let cases: [(String, @Sendable (AppConfiguration) async throws -> Row)] = [
            ("notification flood", { [flood] app in try await Self.flood(app, count: flood) }),
            ("100 MB frame length", { app in try await Self.hugeFrame(app) }),
            ("never ACKs StartService", { app in try await Self.neverACKs(app) }),
            ("silent after registering", { app in try await Self.silent(app) }),
            ("stops reading", { app in try await Self.stopsReading(app) }),
            ("reads 1 byte per second", { app in try await Self.readsSlowly(app) }),
        ]
        for (name, body) in cases {
            Self.resetPeakRSS()
            var row: Row
            do {
                row = try await body(app)
            } catch {
                row = Row(name: name, error: "the case failed: \(error)", drops: "-")
            }
            row.peakKiB = Self.peakRSSKiB()
            let padded = row.name.padding(toLength: 24, withPad: " ", startingAt: 0)
            print("\(padded) \(String(format: "%7.1f", Double(row.peakKiB) / 1024)) MB   \(row.error); \(row.drops)")
        }
    }

    // MARK: - Cases

    static func flood(_ app: AppConfiguration, count: Int) async throws -> Row {
        try await BenchHostilePeer.run(script: { frames, outbound in
            try await BenchHostilePeer.acceptStart(&frames, outbound)
            for index in 0..<count {
                let hash = BenchHostilePeer.notification(.onHashChange, json: #"{"hashID":"h\#(index)"}"#)
                try await outbound.write(BenchHostilePeer.bytes(hash))
            }
            // NONE: the end of the flood (the app asks nothing on NONE, so the script need not answer anything).
            let none = BenchHostilePeer.notification(
                .onHMIStatus,
                json: #"{"hmiLevel":"NONE","audioStreamingState":"NOT_AUDIBLE","systemContext":"MAIN","windowID":0}"#)
            try await outbound.write(BenchHostilePeer.bytes(none))
            while try await frames.next() != nil {}
        }) { port in
            let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
            let unread = await session.notifications()
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == HMILevel.none { break }
            // After the stop: the status is published to its own stream a moment before the notification stream.
            try? await session.stop()
            let dropped = session.droppedNotifications
            _ = unread
            return Row(
                name: "notification flood", error: "none",
                drops: "\(dropped) of \(count + 1) dropped for a reader that never reads, "
                    + "\(SDLSession.notificationBuffer) kept")
        }
    }

    static func hugeFrame(_ app: AppConfiguration) async throws -> Row {
        try await BenchHostilePeer.run(script: { frames, outbound in
            try await BenchHostilePeer.acceptStart(&frames, outbound)
            // A header only, announcing 100 MB: the app must refuse it before buffering anything.
            var header = ByteBuffer()
            FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1,
                dataSize: 100_000_000, messageID: 2
            )
            .write(to: &header)
            try await outbound.write(header)
            while try await frames.next() != nil {}
        }) { port in
            let error = try await closedWith(app, port: port)
            return Row(name: "100 MB frame length", error: error, drops: "connection closed, nothing buffered")
        }
    }

    static func neverACKs(_ app: AppConfiguration) async throws -> Row {
        try await BenchHostilePeer.run(script: { frames, _ in
            while try await frames.next() != nil {}
        }) { port in
            let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
            do {
                try await session.start()
                try? await session.stop()
                return Row(name: "never ACKs StartService", error: "none (unexpected)", drops: "-")
            } catch {
                return Row(name: "never ACKs StartService", error: describe(error), drops: "-")
            }
        }
    }

    static func silent(_ app: AppConfiguration) async throws -> Row {
        try await BenchHostilePeer.run(script: { frames, outbound in
            try await BenchHostilePeer.acceptStart(&frames, outbound)
            while try await frames.next() != nil {}
        }) { port in
            let error = try await closedWith(app, port: port)
            return Row(name: "silent after registering", error: error, drops: "-")
        }
    }

    static func stopsReading(_ app: AppConfiguration) async throws -> Row {
        let (release, released) = AsyncStream.makeStream(of: Void.self)
        return try await BenchHostilePeer.run(script: { frames, outbound in
            try await BenchHostilePeer.acceptStart(&frames, outbound)
            try await BenchHostilePeer.acceptVideo(&frames, outbound)
            // Reads nothing more: NIO stops reading the socket, the kernel's buffers fill, the app's writes wait.
            for await _ in release { break }
        }) { port in
            defer { released.finish() }
            let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
            try await session.start()
            _ = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            let chunk = ByteBuffer(repeating: 0x42, count: 64 * 1024)
            var accepted = 0
            do {
                while true {
                    try await session.sendData(chunk, on: .video)
                    accepted += chunk.readableBytes
                }
            } catch {
                return Row(
                    name: "stops reading", error: describe(error),
                    drops: "\(accepted / 1024) KiB taken by the transport before it stopped")
            }
        }
    }

    /// A link that is alive but hopeless: video offered at 30 fps into a single-frame slot, as a media source does,
    /// so a frame that finds the previous one still waiting for the transport replaces it and is counted as dropped.
    static func readsSlowly(_ app: AppConfiguration) async throws -> Row {
        let (release, released) = AsyncStream.makeStream(of: Void.self)
        return try await BenchHostilePeer.run(
            readInterval: .seconds(1),
            script: { frames, outbound in
                try await BenchHostilePeer.acceptStart(&frames, outbound)
                try await BenchHostilePeer.acceptVideo(&frames, outbound)
                for await _ in release { break }
            }
        ) { port in
            defer { released.finish() }
            var app = app
            // Long enough for the sockets to fill, so frames start to drop before the Heartbeat gives up.
            app.heartbeat = AppConfiguration.Heartbeat(idle: .seconds(2), answerTimeout: .seconds(1))
            let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
            let states = await session.connectionStateUpdates()
            try await session.start()
            _ = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            let frameBytes = 128 * 1024
            let (slot, offer) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(1))
            let sender = Task {
                var sent = 0
                for await frame in slot {
                    do { try await session.sendData(frame, on: .video) } catch { break }
                    sent += 1
                }
                return sent
            }
            let producer = Task {
                let frame = ByteBuffer(repeating: 0x42, count: frameBytes)
                var (offered, dropped) = (0, 0)
                while !Task.isCancelled {
                    offered += 1
                    if case .dropped = offer.yield(frame) { dropped += 1 }
                    try? await Task.sleep(for: .milliseconds(33))
                }
                return (offered, dropped)
            }
            var ended = "the session never closed"
            for await state in states {
                if case .closed(let error) = state {
                    ended = error.map(describe) ?? "closed without an error"
                    break
                }
            }
            producer.cancel()
            let (offered, dropped) = await producer.value
            offer.finish()
            let sent = await sender.value
            return Row(
                name: "reads 1 byte per second", error: ended,
                drops:
                    "\(offered) frames of \(frameBytes / 1024) KiB offered at 30 fps, \(sent) taken by the transport "
                    + "(\(sent * frameBytes / 1024) KiB), \(dropped) dropped while it waited")
        }
    }

    // MARK: - Helpers

    /// Starts a session and waits for it to close by itself; returns the error it closed with.
    static func closedWith(_ app: AppConfiguration, port: Int) async throws -> String {
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        let states = await session.connectionStateUpdates()
        try await session.start()
        for await state in states {
            if case .closed(let error) = state { return error.map(describe) ?? "closed without an error" }
        }
        return "the session never closed"
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? SDLSessionError else { return "\(error)" }
        return "\(error.kind)"
    }

    /// Resets VmHWM (Linux: writing 5 to clear_refs), so each case reports its own peak.
    static func resetPeakRSS() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// VmHWM from /proc/self/status, in KiB (0 where it cannot be read).
    static func peakRSSKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
