/// The printed figures of `carwindow bench glass`: the distribution, the stage table, the cross-check.
extension BenchGlassRun.Report {
    /// One row of the stage table: a name and how to read the stage from a tap's stamps.
    private typealias Stage = (name: String, value: @Sendable (BenchGlassProbe.Tap) -> Double?)

    private static let stages: [Stage] = [
        ("press -> release", { $0.released - $0.pressed }),
        ("release -> touch sent", { tap in tap.sent.map { $0 - tap.released } }),
        ("touch sent -> app asks a frame", { tap in tap.appFrame?.requested.flatMap { r in tap.sent.map { r - $0 } } }),
        ("app asks -> tick begins", { tap in tap.appFrame.flatMap { f in f.requested.map { f.started - $0 } } }),
        ("render", { tap in tap.appFrame.map { $0.rendered - $0.started } }),
        ("encode + send", { tap in tap.appFrame.map { $0.sent - $0.rendered } }),
        ("rendered -> head unit frame", { tap in tap.appFrame.map { tap.arrival - $0.rendered } }),
        ("touch sent -> head unit frame", { tap in tap.sent.map { tap.arrival - $0 } }),
        ("head unit -> viewer sends", { $0.serverSend - $0.arrival }),
        ("viewer sends -> page gets", { tap in tap.received.map { $0 - tap.serverSend } }),
        ("page gets -> decoded", { tap in tap.received.map { tap.decoded - $0 } }),
        ("decoded -> drawn", { $0.drawn - $0.decoded }),
        ("drawn -> presented", { tap in tap.presented.map { $0 - tap.drawn } }),
        ("release -> head unit frame", { $0.arrival - $0.released }),
        ("glass to glass", { $0.total }),
    ]

    func print() {
        Swift.print(
            "carwindow bench glass: \(taps.count) taps on \(subject) at \(size), head unit \(headUnit), "
                + "method \(method), \(browser), headless")
        if !taps.isEmpty {
            var totals = BenchSamples(capacity: taps.count)
            for tap in taps { totals.append(milliseconds: tap.total) }
            Swift.print(
                "glass to glass (mouse release -> first frame showing the change presented): "
                    + Self.distribution(totals) + " (targets: p50 < 35 ms, p99 < 50 ms)")
            Swift.print("")
            Swift.print(Self.header)
            for stage in Self.stages {
                var samples = BenchSamples(capacity: taps.count)
                for tap in taps { if let value = stage.value(tap) { samples.append(milliseconds: value) } }
                Swift.print(Self.row(stage.name, samples))
            }
            let asked = taps.filter { $0.appFrame?.requested != nil }.count
            let unmatched = taps.filter { $0.appFrame == nil }.count
            Swift.print(
                "app frames: \(asked) of \(taps.count) drawn at the tap's request (the rest at a tick of the frame "
                    + "clock); \(unmatched) with no frame line")
            let kilobytes = taps.compactMap(\.bytes).sorted().map { Double($0) / 1000 }
            Swift.print(
                "the frame that showed the tap: a key frame in \(taps.filter(\.keyframe).count) of \(taps.count) taps; "
                    + "median \(BenchTable.format(kilobytes.isEmpty ? 0 : kilobytes[kilobytes.count / 2], 1)) kB, "
                    + "max \(BenchTable.format(kilobytes.last ?? 0, 1)) kB")
            var checking = BenchSamples(capacity: taps.count)
            for tap in taps { if let value = tap.checking { checking.append(milliseconds: value) } }
            Swift.print(
                "the probe's own cost: its pixel checks took the page's main thread p50 "
                    + "\(BenchTable.format(checking.median, 2)) ms, max "
                    + "\(BenchTable.format(checking.percentile(100), 2)) ms per tap")
            let before = taps.map(\.framesBefore)
            Swift.print(
                "frames drawn between the release and the change: \(before.min() ?? 0)...\(before.max() ?? 0); "
                    + "no animation frame after the draw in \(taps.filter { $0.presented == nil }.count) taps")
        }
        if !screenshots.isEmpty {
            var shots = BenchSamples(capacity: screenshots.count)
            var shotTimes = BenchSamples(capacity: screenshots.count)
            var differences = BenchSamples(capacity: screenshots.count)
            var agree = 0
            for (tap, shot) in zip(taps, screenshots) {
                shots.append(milliseconds: shot.total)
                shotTimes.append(milliseconds: shot.shot)
                differences.append(milliseconds: shot.total - tap.total)
                // The page's presentation must come before the screenshot that showed it returned.
                if tap.total <= shot.total { agree += 1 }
            }
            Swift.print("")
            Swift.print(
                "screenshot (click dispatched -> first changed screenshot returned, an upper bound): "
                    + Self.distribution(shots))
            Swift.print(
                "cross-check: the page's figure is below the screenshot's in \(agree) of \(screenshots.count) taps; "
                    + "screenshot minus page p50 \(BenchTable.format(differences.median, 1)) ms, max "
                    + "\(BenchTable.format(differences.percentile(100), 1)) ms; one screenshot takes p50 "
                    + "\(BenchTable.format(shotTimes.median, 1)) ms")
        }
        Swift.print("page: \(pageStats)")
    }

    static func distribution(_ samples: BenchSamples) -> String {
        "p50 \(BenchTable.format(samples.median, 1)) ms, p90 \(BenchTable.format(samples.percentile(90), 1)) ms, "
            + "p99 \(BenchTable.format(samples.percentile(99), 1)) ms, max "
            + "\(BenchTable.format(samples.percentile(100), 1)) ms over \(samples.count) taps"
    }

    static let header =
        BenchTable.pad("stage", 32) + BenchTable.pad("taps", 6, left: true) + BenchTable.pad("p50 ms", 9, left: true)
        + BenchTable.pad("p90 ms", 9, left: true) + BenchTable.pad("p99 ms", 9, left: true)
        + BenchTable.pad("max ms", 9, left: true)

    static func row(_ name: String, _ samples: BenchSamples) -> String {
        BenchTable.pad(name, 32) + BenchTable.pad("\(samples.count)", 6, left: true)
            + [50.0, 90, 99, 100].map { BenchTable.pad(BenchTable.format(samples.percentile($0), 1), 9, left: true) }
            .joined()
    }
}
