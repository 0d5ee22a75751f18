import ArgumentParser
import CarWindow

/// `carwindow-bench`, which `carwindow bench` hands its arguments to: benchmarks that print figures (they are not
/// tests and assert nothing). Its own executable, so that `carwindow` links neither the C reference encoder nor the
/// tools and the DevTools client the benchmarks check their results with.
@main
struct CarWindowBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carwindow bench",
        abstract: "Measure CarWindow's hot paths and print the figures.",
        discussion: """
            Benchmarks run in the carwindow-bench executable beside carwindow (`carwindow bench ARGS` runs \
            `carwindow-bench ARGS`) and print a table. Build both in release mode first, and pin to one core \
            for figures comparable with the targets:

              swift build -c release
              taskset -c 0 .build/release/carwindow bench media
            """,
        version: CarWindowVersion.current,
        subcommands: [
            BenchMediaCommand.self, BenchCarWindowCommand.self, BenchProjectCommand.self, BenchHostileCommand.self,
            BenchSoakCommand.self, BenchReconnectCommand.self, BenchLoadCommand.self,
            BenchLinkCommand.self, BenchGlassCommand.self, BenchTransportCommand.self,
        ]
    )
}
