import ArgumentParser

/// `carwindow check`: what a car maker runs on an app before it ships.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check an app the way a car maker would before it ships.",
        subcommands: [CheckHapticsCommand.self]
    )
}
