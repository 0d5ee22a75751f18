import CarWindow
import CarWindowDemo
import SDLMedia

/// One size and encoder usage of the throughput run: the changing navigation screen through the whole pipeline.
struct BenchCarWindowThroughput {
    let size: BenchSize
    let frames: Int
    let warmup: Int
    let usage: EncoderSettings.Usage
    let motion: BenchMapMotion
    let pan: Double

    /// The frame rate the target names for a size: 60 at 1280x720 and below, 30 above.
    var targetFrameRate: Int { size.width * size.height <= 1280 * 720 ? 60 : 30 }

    func run() async throws {
        try await Self.measure(self)
    }

    @CarWindowActor
    private static func measure(_ run: BenchCarWindowThroughput) throws {
        let size = run.size
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: Double(size.width), height: Double(size.height))))
        let screen = NavigationScreen()
        try screen.install(in: window)
        let renderer = PooledFrameRenderer()
        var settings = EncoderSettings(
            width: size.width, height: size.height, frameRate: run.targetFrameRate, bitrate: size.bitrate,
            usage: run.usage)
        settings.keyFrameInterval = .seconds(5)
        let encoder = try OpenH264Encoder(settings: settings)
        var converter = ColorConverter()
        var packetizer = RTPPacketizer()
        let clock = ContinuousClock()

        var render = BenchSamples(capacity: run.frames)
        var convert = BenchSamples(capacity: run.frames)
        var encode = BenchSamples(capacity: run.frames)
        var packetize = BenchSamples(capacity: run.frames)
        var total = BenchSamples(capacity: run.frames)
        var statisticsAfterWarmup = EncoderStatistics()
        var poolAfterWarmup = PixelBufferPool.Statistics()
        for index in 0..<(run.warmup + run.frames) {
            let timed = index >= run.warmup
            if index == run.warmup {
                statisticsAfterWarmup = encoder.statistics
                poolAfterWarmup = renderer.pool?.statistics ?? .init()
            }
            let time = Duration.nanoseconds(Int64(index) * 1_000_000_000 / Int64(settings.frameRate))
            let start = clock.now
            screen.advance(by: 0.001)
            switch run.motion {
            case .pan:
                _ = screen.handle(.panMoved(from: Point(x: 100, y: 100), to: Point(x: 100 + run.pan, y: 100)))
            case .pinch:
                // In for 60 frames, out for 60: the zoom stays within a sensible range.
                let center = Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
                _ = screen.handle(.pinchMoved(center: center, scale: (index / 60) % 2 == 0 ? 1.02 : 1 / 1.02))
            }
            let (frame, _) = try renderer.render(window, presentationTime: time)
            let rendered = clock.now
            let i420 = try converter.convertToI420(frame)
            let converted = clock.now
            let unit = try encoder.encode(i420)
            let encoded = clock.now
            if let unit { _ = packetizer.packetize(unit) }
            let done = clock.now
            if timed {
                render.append(rendered - start)
                convert.append(converted - rendered)
                encode.append(encoded - converted)
                packetize.append(done - encoded)
                total.append(done - start)
            }
        }
        let label = "\(size)"
        let mode = run.usage == .camera ? "camera" : "screen"
        print(BenchTable.row(label, "render (pooled BGRA)", render))
        print(BenchTable.row(label, "convert BGRA->I420", convert))
        print(BenchTable.row(label, "encode (\(mode))", encode))
        print(BenchTable.row(label, "packetize RTP", packetize))
        print(BenchTable.row(label, "total (\(mode))", total))
        let stats = encoder.statistics
        let encoded = stats.framesEncoded - statisticsAfterWarmup.framesEncoded
        let idr = stats.idrFrames - statisticsAfterWarmup.idrFrames
        let skipped = stats.framesSkipped - statisticsAfterWarmup.framesSkipped
        let bytes = stats.bytesProduced - statisticsAfterWarmup.bytesProduced
        let seconds = Double(run.frames) / Double(settings.frameRate)
        let kbps = Double(bytes) * 8 / seconds / 1000
        let sustained = total.mean > 0 ? 1000 / total.mean : 0
        let pool = renderer.pool?.statistics ?? .init()
        print(
            "  \(label) \(mode): \(BenchTable.format(sustained, 1)) fps sustained (target \(run.targetFrameRate)); "
                + "encoded \(encoded) of \(run.frames), IDR \(idr), skipped \(skipped), "
                + "\(BenchTable.format(kbps, 0)) kbps at \(settings.frameRate) fps (target \(settings.bitrate / 1000)); "
                + "BGRA buffers allocated after warm-up: \(pool.allocations + pool.overflowAllocations - poolAfterWarmup.allocations - poolAfterWarmup.overflowAllocations)"
        )
    }
}
