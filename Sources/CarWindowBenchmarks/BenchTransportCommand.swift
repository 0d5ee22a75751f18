import ArgumentParser
import Foundation

/// `carwindow bench transport`: the same stream over TCP, WebSocket and as a cloud app, side by side.
struct BenchTransportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transport",
        abstract: "Compare TCP and WebSocket: fps, CPU per MB, touches.",
        discussion: """
            Streams the moving pattern at 1280x720, 30 fps and 8 Mbit/s into an in-process emulator over each \
            link in turn: TCP (--core HOST:PORT), WebSocket (--core ws://, the emulator's --websocket-port) and \
            a cloud app (--listen ws://, dialed by the emulator's --cloud-app). For each it prints the frames per \
            second the emulator received, the megabytes per second, this process's CPU time per megabyte (app, \
            emulator and link together, so a transport's own cost is its difference from TCP's) and the time a \
            tap takes from the emulator to the app (p50, p99), the head unit's half of touch to frame. The target \
            is WebSocket within 10% of TCP.

              swift build -c release --product carwindow
              .build/release/carwindow bench transport --seconds 20
            """
    )

    @Option(help: "Seconds measured per link, after the video has started.")
    var seconds = 10.0

    @Option(help: "Taps sent per link during the measured time.")
    var taps = 20

    @Option(help: "The links to measure, separated by commas (tcp, ws, cloud).")
    var links = "tcp,ws,cloud"

    func validate() throws {
        guard seconds >= 1, seconds <= 600 else { throw ValidationError("--seconds takes 1...600.") }
        guard (1...1_000).contains(taps) else { throw ValidationError("--taps takes 1...1000.") }
        _ = try chosenLinks()
    }

    private func chosenLinks() throws -> [BenchTransportRun.Link] {
        let names = links.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let chosen = names.compactMap { BenchTransportRun.Link(rawValue: $0) }
        guard !names.isEmpty, chosen.count == names.count else {
            throw ValidationError(
                "--links takes tcp, ws and cloud separated by commas, e.g. --links tcp,ws, not \(links).")
        }
        return chosen
    }

    func run() async throws {
        var rows: [BenchTransportRun.Figures] = []
        for link in try chosenLinks() {
            BenchRig.say("measuring \(link.rawValue) for \(BenchTable.format(seconds, 0)) s ...")
            rows.append(try await BenchTransportRun(link: link, seconds: seconds, taps: taps).measure())
        }
        let tcp = rows.first { $0.link == .tcp }
        BenchRig.say(
            BenchTable.pad("link", 8) + BenchTable.pad("fps", 8, left: true) + BenchTable.pad("MB/s", 8, left: true)
                + BenchTable.pad("CPU ms/MB", 11, left: true) + BenchTable.pad("vs TCP", 9, left: true)
                + BenchTable.pad("tap p50 ms", 12, left: true) + BenchTable.pad("tap p99 ms", 12, left: true))
        for row in rows {
            let versus =
                tcp.map { tcp in
                    tcp.cpuMillisecondsPerMegabyte > 0
                        ? BenchTable.format(
                            (row.cpuMillisecondsPerMegabyte / tcp.cpuMillisecondsPerMegabyte - 1) * 100, 1)
                            + "%" : "-"
                } ?? "-"
            BenchRig.say(
                BenchTable.pad(row.link.rawValue, 8)
                    + BenchTable.pad(BenchTable.format(row.framesPerSecond, 1), 8, left: true)
                    + BenchTable.pad(BenchTable.format(row.megabytesPerSecond, 2), 8, left: true)
                    + BenchTable.pad(BenchTable.format(row.cpuMillisecondsPerMegabyte, 1), 11, left: true)
                    + BenchTable.pad(row.link == .tcp ? "-" : versus, 9, left: true)
                    + BenchTable.pad(BenchTable.format(row.touchDelivery.median, 2), 12, left: true)
                    + BenchTable.pad(BenchTable.format(row.touchDelivery.percentile(99), 2), 12, left: true))
        }
        let short = rows.filter { $0.tapsSent < taps }
        for row in short { BenchRig.say("\(row.link.rawValue): \(row.tapsSent) of \(taps) taps reached the app") }
        if !short.isEmpty { throw ExitCode.failure }
    }
}
