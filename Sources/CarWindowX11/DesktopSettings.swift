import Foundation
import Glibc
import Logging

/// The XSETTINGS of a private display, served by `xsettingsd`: how the car's day and night reach the projected
/// program. GTK 3 and GTK 4 read `Net/ThemeName` at start and follow its changes live (`Adwaita` by day,
/// `Adwaita-dark` by night; GTK 3 needs Debian's gnome-themes-extra for the dark one);
/// `Gtk/ApplicationPreferDarkTheme` is set beside it for the toolkits that read that key.
///
/// ```swift
/// let settings = await DesktopSettings.start(display: ":5", dark: false, logger: logger)
/// await settings?.setDark(true)   // the car's lights went to night
/// ```
final class DesktopSettings: Sendable {
    let process: ChildProcess
    /// The private directory holding the configuration xsettingsd reads, removed by ``stop(grace:)``.
    let directory: String
    private let logger: Logger

    private init(process: ChildProcess, directory: String, logger: Logger) {
        self.process = process
        self.directory = directory
        self.logger = logger
    }

    var configurationPath: String { directory + "/xsettingsd.conf" }

    /// The configuration for day or night.
    static func configuration(dark: Bool) -> String {
        """
        Net/ThemeName "\(dark ? "Adwaita-dark" : "Adwaita")"
        Gtk/ApplicationPreferDarkTheme \(dark ? 1 : 0)

        """
    }

    /// Starts xsettingsd on `display`; `nil` (and a log line) when it is not installed or does not start: the
    /// program then keeps its toolkit's default theme.
    static func start(display: String, dark: Bool, logger: Logger) async -> DesktopSettings? {
        let environment = ProcessInfo.processInfo.environment
        guard ChildProcess.resolve("xsettingsd", path: environment["PATH"]) != nil else {
            logger.info("xsettingsd not found (Debian package xsettingsd): night mode does not reach the program")
            return nil
        }
        let directory: String
        do {
            directory = try RuntimeDirectory.make("xsettings")
        } catch {
            logger.warning("xsettingsd did not start (\(error)): night mode does not reach the program")
            return nil
        }
        do {
            let path = directory + "/xsettingsd.conf"
            try configuration(dark: dark).write(toFile: path, atomically: true, encoding: .utf8)
            var childEnvironment = environment
            childEnvironment["DISPLAY"] = display
            let process = try ChildProcess(
                executable: "xsettingsd", arguments: ["-c", path], environment: childEnvironment, quiet: true)
            return DesktopSettings(process: process, directory: directory, logger: logger)
        } catch {
            logger.warning("xsettingsd did not start (\(error)): night mode does not reach the program")
            RuntimeDirectory.remove(directory)
            return nil
        }
    }

    /// Switches to the night (or day) theme: a new configuration, and SIGHUP, on which xsettingsd reloads it and
    /// tells every client on the display.
    func setDark(_ dark: Bool) {
        do {
            try Self.configuration(dark: dark).write(toFile: configurationPath, atomically: true, encoding: .utf8)
        } catch {
            logger.warning("cannot write \(configurationPath): \(error); the program's theme stays")
            return
        }
        process.signalGroup(SIGHUP)
    }

    func stop(grace: Duration = .seconds(2)) async {
        await process.terminate(grace: grace)
        RuntimeDirectory.remove(directory)
    }
}
