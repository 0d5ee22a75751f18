import ArgumentParser
import CarWindow

/// The `carwindow` command line: the root command that groups every subcommand.
@main
struct CarWindowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carwindow",
        abstract: "Project a Swift user interface into a car over SmartDeviceLink.",
        discussion: """
            CarWindow connects to a head unit running SDL Core (or its own emulator), streams H.264 video \
            of your UI and takes the driver's touches back.

            Examples:
              carwindow --version
              carwindow --help
              carwindow headunit --port 12345
              carwindow demo --duration 30
              carwindow project -- xcalc
              carwindow stream --core 127.0.0.1:12345 --app-id my-nav --duration 10 --events -
            """,
        version: CarWindowVersion.current,
        subcommands: [
            DemoCommand.self, ProjectCommand.self, StreamCommand.self, HeadUnitCommand.self, BenchCommand.self,
            CheckCommand.self,
        ]
    )
}
