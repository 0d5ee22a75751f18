import Foundation
import FrameSources
import HeadUnit
import Logging
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming

/// The pieces `carwindow bench soak|reconnect|load` share: an in-process emulator and pattern projections into it.
///
/// ```swift
/// let emulator = try await BenchRig.emulator(port: 0, recordDirectory: directory)
/// let streaming = BenchRig.pattern(name: "Soak", port: emulator.port, policy: .fail)
/// try await streaming.run(source: BenchRig.patternSource())
/// ```
enum BenchRig {
    /// The bit rate the emulator allows and the pattern asks for, bit/s.
    static let bitrate = 8_000_000

    /// An emulator on 127.0.0.1 (800x480, 30 fps, RAW and RTP: the traces' HMI), recording into `recordDirectory` if
    /// given, started; and the port it listens on.
    static func emulator(port: Int, recordDirectory: String?) async throws -> (HeadUnitEmulator, Int) {
        var configuration = HeadUnitConfiguration(port: port, recordDirectory: recordDirectory)
        // The HMI activates the app at once: the figures measure CarWindow's path, not an emulated user's delay.
        configuration.activationDelay = .zero
        // 8 Mbit/s instead of the traces' 400 kbit/s: the pattern moves every pixel, and at a lower rate the
        // encoder's rate control skips most frames instead of sending 30 fps.
        configuration.video.maxBitrate = BenchRig.bitrate
        let emulator = HeadUnitEmulator(configuration: configuration, logger: quietLogger("carwindow.bench.headunit"))
        return (emulator, try await emulator.start())
    }

    /// A stopped projection of the moving test pattern (with its frame counter) into 127.0.0.1:`port`, over RTP at
    /// 30 fps, with the given disconnect policy.
    static func pattern(
        name: String, port: Int, policy: ProjectionOptions.DisconnectPolicy
    ) -> Projection {
        pattern(
            name: name, appID: "bench-\(name.lowercased())", transport: TCPTransport(host: "127.0.0.1", port: port),
            policy: policy)
    }

    /// The same over any transport, as `appID` (a cloud app must register with its policy entry's id).
    static func pattern(
        name: String, appID: String, transport: some SDLTransport, policy: ProjectionOptions.DisconnectPolicy
    ) -> Projection {
        var app = AppConfiguration(appName: name, appID: appID, appType: .navigation)
        app.fullAppID = appID
        app.logger.logLevel = .critical
        var options = ProjectionOptions(app: app, disconnectPolicy: policy)
        options.video.customFrameRate = 30
        options.video.customBitrate = bitrate
        options.video.dataSource = PreferredFormat(first: .h264RTP)
        return Projection(options: options, transport: transport, logger: quietLogger("carwindow.bench.video"))
    }

    /// The pattern source `carwindow stream --source pattern` sends.
    static func patternSource() -> PacedFrameSource {
        PacedFrameSource(name: "pattern") { PatternSource() }
    }

    /// Errors are the figures' business: the bench reports them itself.
    static func quietLogger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return logger
    }

    /// Writes a line at once, even into a pipe (a long run is watched with `tail -f`).
    static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
