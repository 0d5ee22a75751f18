package import HeadUnit
import SDLSession

/// The head unit a `carwindow demo` or `carwindow project` run projects into, opened before the app and closed
/// after it: SDL Core through a transport the command made from `--core` or `--listen`, or the local emulator
/// (``LocalHeadUnit``) when neither is given. It says what it opened and, when closed, what the emulator recorded.
///
/// ```swift
/// let headUnit = try await RunHeadUnit.open(
///     .emulator(port: 12345, recordDirectory: nil, prefix: "carwindow-demo", configure: { _ in }), say: say)
/// let projection = Projection(settings: settings, transport: headUnit.transport)
/// // ... the run ...
/// await headUnit.close(say: say)
/// ```
package struct RunHeadUnit: Sendable {
    /// Where the head unit is.
    package enum Choice: Sendable {
        /// SDL Core (or any head unit) through this transport: dialing it, or listening for it (a cloud app).
        case core(CoreTransport)
        /// The local emulator on `port` of 127.0.0.1, recording into `recordDirectory` (a new temporary directory
        /// named `prefix-UUID` when `nil`), with `configure`'s changes to its configuration.
        case emulator(
            port: Int, recordDirectory: String?, prefix: String,
            configure: @Sendable (inout HeadUnitConfiguration) -> Void)
    }

    /// What the app's projection connects through.
    package let transport: CoreTransport
    /// The local emulator; `nil` with SDL Core.
    package let local: LocalHeadUnit?
    package var emulator: HeadUnitEmulator? { local?.emulator }

    /// Starts the emulator or takes Core's transport, and says so: "head-unit emulator listening on ...",
    /// "projecting into SDL Core at ..." or, for a listening transport, "waiting for SDL Core to dial ...".
    ///
    /// - Throws: the emulator's or the file system's error when the local emulator cannot start.
    package static func open(_ choice: Choice, say: @Sendable (String) -> Void) async throws -> RunHeadUnit {
        switch choice {
        case .core(let transport):
            if let url = transport.listeningURL {
                say("waiting for SDL Core to dial \(url) (a cloud app)")
            } else {
                say("projecting into SDL Core at \(transport)")
            }
            return RunHeadUnit(transport: transport, local: nil)
        case .emulator(let port, let recordDirectory, let prefix, let configure):
            let local = try await LocalHeadUnit.start(
                port: port, recordDirectory: recordDirectory, prefix: prefix, configure: configure)
            let transport = CoreTransport(.tcp(TCPTransport(host: "127.0.0.1", port: local.port)))
            say("head-unit emulator listening on \(transport), recording into \(local.recordDirectory)")
            return RunHeadUnit(transport: transport, local: local)
        }
    }

    /// Stops listening (a cloud app's server) and stops the emulator, then says each video it recorded
    /// ("recording: PATH"), or that it recorded none.
    package func close(say: @Sendable (String) -> Void) async {
        await transport.close()
        guard let local else { return }
        let recordings = await local.stop()
        for file in recordings { say("recording: \(file)") }
        if recordings.isEmpty { say("no video was recorded in \(local.recordDirectory)") }
    }
}
