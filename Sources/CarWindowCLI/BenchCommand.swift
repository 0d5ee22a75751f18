import ArgumentParser

/// `carwindow bench`: benchmarks that print figures (they are not tests and assert nothing).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure CarWindow's hot paths and print the figures.",
        discussion: """
            Benchmarks run in the current process and print a table. Build in release mode first, and pin to \
            one core for figures comparable with the targets:

              swift build -c release --product carwindow
              taskset -c 0 .build/release/carwindow bench media
            """,
        subcommands: [
            BenchMediaCommand.self, BenchCarWindowCommand.self, BenchProjectCommand.self, BenchHostileCommand.self,
            BenchSoakCommand.self, BenchReconnectCommand.self, BenchLoadCommand.self,
            BenchLinkCommand.self, BenchGlassCommand.self, BenchTransportCommand.self,
        ]
    )
}
