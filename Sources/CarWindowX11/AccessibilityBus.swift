import Foundation
import Glibc
package import Logging

/// A private D-Bus session for one projected application, on which the accessibility bus (at-spi2-core's
/// `org.a11y.Bus`) is started on demand, with accessibility switched on.
///
/// The application gets the session's address and the variables that make toolkits export their accessibility
/// tree (``environment``); the projection reads that tree through the accessibility bus (``accessibilityAddress``).
///
/// ```swift
/// let bus = try await AccessibilityBus.start()
/// var env = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
/// ```
package final class AccessibilityBus: Sendable {
    /// The session bus address (`DBUS_SESSION_BUS_ADDRESS`).
    let address: String
    /// The accessibility bus address, when at-spi2-core answered.
    package let accessibilityAddress: String?
    /// The bus's private XDG_RUNTIME_DIR, removed by ``stop(grace:)``.
    let runtimeDirectory: String
    let process: ChildProcess
    /// The colour scheme served on this session (the Settings portal), when it could be exported.
    package let portal: AppearancePortal?

    private init(
        address: String, accessibilityAddress: String?, runtimeDirectory: String, process: ChildProcess,
        portal: AppearancePortal?
    ) {
        self.portal = portal
        self.runtimeDirectory = runtimeDirectory
        self.address = address
        self.accessibilityAddress = accessibilityAddress
        self.process = process
    }

    /// What the application's environment gets: the private session and its accessibility bus, and toolkit
    /// accessibility switched on (GTK 2/3's ATK bridge module, Qt's always-on flag). Chromium takes `--force-renderer-accessibility` as a flag.
    package var environment: [String: String] {
        var variables = [
            "DBUS_SESSION_BUS_ADDRESS": address,
            "XDG_RUNTIME_DIR": runtimeDirectory,
            "GTK_MODULES": "gail:atk-bridge",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "QT_ACCESSIBILITY": "1",
            "NO_AT_BRIDGE": "0",
            "GNOME_ACCESSIBILITY": "1",
        ]
        // Qt reads this before it asks the session bus: it must name this projection's accessibility bus.
        if let accessibilityAddress { variables["AT_SPI_BUS_ADDRESS"] = accessibilityAddress }
        return variables
    }

    /// Starts `dbus-daemon --session` and asks it for the accessibility bus; `display` is the X display the bus
    /// serves, or nil for a Wayland projection.
    ///
    /// - Throws: ``ProgramProjectionError/Kind/missingTool`` when dbus-daemon is not installed, or
    ///   ``ProgramProjectionError/Kind/display`` when it does not start.
    package static func start(display: String?, timeout: Duration = .seconds(10), logger: Logger)
        async throws(ProgramProjectionError) -> AccessibilityBus
    {
        var environment = ProcessInfo.processInfo.environment
        // The accessibility bus launcher puts its socket in XDG_RUNTIME_DIR (else ~/.cache/at-spi/bus, the same for
        // every projection): a directory of our own keeps projections apart. DISPLAY lets it tag the X screen.
        let runtime = try RuntimeDirectory.make(display == nil ? "wayland-bus" : "x11-bus")
        environment["XDG_RUNTIME_DIR"] = runtime
        // Without an X display (a Wayland projection) none is named: the bus launcher and the registry would try to
        // open a wrong one and the registry would not come up.
        environment["DISPLAY"] = display
        // An accessibility bus named here belongs to someone else: an earlier projection in this process sets it for
        // libatspi, and a child told it (the launcher, the registry) would join that bus, not the new one.
        environment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        guard ChildProcess.resolve("dbus-daemon", path: environment["PATH"]) != nil else {
            throw ProgramProjectionError(.missingTool, "dbus-daemon not found: install the Debian package dbus")
        }
        let pipe = try DescriptorReader.makePipe()
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: "dbus-daemon",
                arguments: ["--session", "--nofork", "--nopidfile", "--print-address=3", "--address=unix:tmpdir=/tmp"],
                environment: environment, fileDescriptors: [3: pipe.write], quiet: true)
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        close(pipe.write)
        guard let address = await DescriptorReader.firstLine(from: pipe.read, timeout: timeout), !address.isEmpty
        else {
            await process.terminate(grace: .milliseconds(500))
            RuntimeDirectory.remove(runtime)
            throw ProgramProjectionError(.display, "dbus-daemon did not report a session address")
        }
        var busEnvironment = environment
        busEnvironment["DBUS_SESSION_BUS_ADDRESS"] = address
        // Accessibility on for toolkits that ask the bus (Qt, Chromium) rather than reading an environment variable.
        _ = await runDBusSend(
            [
                "--session", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
                "string:org.a11y.Status", "string:IsEnabled", "variant:boolean:true",
            ], environment: busEnvironment, timeout: timeout)
        let reply = await runDBusSend(
            [
                "--session", "--dest=org.a11y.Bus", "--print-reply=literal", "/org/a11y/bus",
                "org.a11y.Bus.GetAddress",
            ], environment: busEnvironment, timeout: timeout)
        let accessibility = reply?.trimmingCharacters(in: .whitespaces)
        if let accessibility, !accessibility.isEmpty {
            // Start the registry before the application looks for it. Started on demand by the application's own
            // first call instead, on a loaded machine it can answer too late: the toolkit gives up registering
            // ("Couldn't register with accessibility bus") and its tree never shows. Its activation is given
            // longer than the other steps (dbus-send's own reply timeout, 25 s, and a little): on a machine busy
            // with builds it took more than 10 s, and Qt 5 then showed no tree at all.
            let answer = await runDBusSend(
                [
                    "--bus=\(accessibility)", "--dest=org.a11y.atspi.Registry", "--print-reply",
                    "/org/a11y/atspi/registry", "org.freedesktop.DBus.Peer.Ping",
                ], environment: busEnvironment, timeout: max(timeout, .seconds(30)))
            if answer == nil {
                logger.warning("the accessibility registry did not answer: haptic rects may be missing")
            }
        } else {
            logger.warning("no accessibility bus (is at-spi2-core installed?): no haptic rects from the app")
        }
        // Light until the head unit says otherwise, as the XSETTINGS start.
        let portal = AppearancePortal.start(busAddress: address, dark: false, logger: logger)
        return AccessibilityBus(
            address: address, accessibilityAddress: accessibility?.isEmpty == false ? accessibility : nil,
            runtimeDirectory: runtime, process: process, portal: portal)
    }

    /// The first line `dbus-send` prints, or `nil`.
    private static func runDBusSend(_ arguments: [String], environment: [String: String], timeout: Duration) async
        -> String?
    {
        guard let pipe = try? DescriptorReader.makePipe() else { return nil }
        guard
            let child = try? ChildProcess(
                executable: "dbus-send", arguments: arguments, environment: environment,
                fileDescriptors: [1: pipe.write])
        else {
            close(pipe.read)
            close(pipe.write)
            return nil
        }
        close(pipe.write)
        let line = await DescriptorReader.firstLine(from: pipe.read, timeout: timeout)
        await child.terminate(grace: .milliseconds(200))
        return line
    }

    /// Ends the session bus and everything it activated (the accessibility bus and registry are in its group).
    package func stop(grace: Duration = .seconds(2)) async {
        portal?.stop()
        await process.terminate(grace: grace)
        RuntimeDirectory.remove(runtimeDirectory)
    }
}
