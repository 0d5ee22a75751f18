import CH264Reference
import SDLMedia

/// One size's benchmark run: the pipeline stage by stage, and the C reference on the same frames.
struct BenchMediaRun {
    let size: BenchSize
    let frames: Int
    let warmup: Int
    let usage: EncoderSettings.Usage
    let motion: SyntheticScene.Motion

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func run() throws {
        let (width, height) = (size.width, size.height)
        var settings = EncoderSettings(width: width, height: height, bitrate: size.bitrate, usage: usage)
        settings.keyFrameInterval = nil  // the C reference has no periodic IDRs either
        let encoder = try OpenH264Encoder(settings: settings)
        guard
            let reference = ch264_reference_create(
                Int32(width), Int32(height), Int32(settings.frameRate),
                Int32(settings.bitrate), usage == .screenContent ? 1 : 0)
        else {
            throw Failure(description: "openh264 refused the reference configuration at \(size)")
        }
        defer { ch264_reference_destroy(reference) }
        let scene = SyntheticScene(width: width, height: height, format: .bgra, motion: motion)
        let source = PixelBufferPool(format: .bgra, width: width, height: height, capacity: 2)
        var converter = ColorConverter(poolCapacity: 2)
        var packetizer = RTPPacketizer()
        let clock = ContinuousClock()

        var convert = BenchSamples(capacity: frames)
        var encode = BenchSamples(capacity: frames)
        var packetize = BenchSamples(capacity: frames)
        var bare = BenchSamples(capacity: frames)
        var ourBytes = 0
        var referenceBytes = 0
        var poolsAfterWarmup = (PixelBufferPool.Statistics(), PixelBufferPool.Statistics())
        for index in 0..<(warmup + frames) {
            let timed = index >= warmup
            if index == warmup { poolsAfterWarmup = (source.statistics, converter.poolStatistics) }
            let time = Duration.nanoseconds(Int64(index) * 1_000_000_000 / Int64(settings.frameRate))
            let bgra = source.makeFrame(presentationTime: time)
            scene.render(frameIndex: index, into: bgra)

            var start = clock.now
            let i420 = try converter.convertToI420(bgra)
            var end = clock.now
            if timed { convert.append(end - start) }

            start = clock.now
            let unit = try encoder.encode(i420)
            end = clock.now
            if timed { encode.append(end - start) }

            if let unit {
                start = clock.now
                let payload = packetizer.packetize(unit)
                end = clock.now
                if timed {
                    packetize.append(end - start)
                    ourBytes += payload.count
                }
            }

            guard let base = i420.buffer.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                throw Failure(description: "an empty I420 buffer at frame \(index)")
            }
            var bytes: Int32 = 0
            let seconds = ch264_reference_encode(
                reference, base + i420.planes[0].offset, base + i420.planes[1].offset,
                base + i420.planes[2].offset, Int32(i420.planes[0].stride),
                Int32(i420.planes[1].stride), Int64(time / .milliseconds(1)), &bytes)
            guard seconds >= 0 else { throw Failure(description: "the C reference encoder failed at frame \(index)") }
            if timed {
                bare.append(.nanoseconds(Int64(seconds * 1e9)))
                referenceBytes += Int(bytes)
            }
        }

        let label = size.description
        print(BenchTable.row(label, "convert BGRA->I420", convert))
        print(BenchTable.row(label, "encode (SDLMedia)", encode))
        print(BenchTable.row(label, "encode (bare C)", bare))
        print(BenchTable.row(label, "packetize RTP", packetize))
        let overhead = (encode.median / bare.median - 1) * 100
        let meanOverhead = (encode.mean / bare.mean - 1) * 100
        print(
            "  \(label): encode vs bare C: p50 \(BenchTable.format(overhead, 1))%, mean "
                + "\(BenchTable.format(meanOverhead, 1))%; output \(ourBytes) bytes RTP vs \(referenceBytes) bytes C")
        print("  \(label): \(encoder.statistics)")
        let sourceNew =
            source.statistics.allocations + source.statistics.overflowAllocations
            - poolsAfterWarmup.0.allocations - poolsAfterWarmup.0.overflowAllocations
        let convertNew =
            converter.poolStatistics.allocations + converter.poolStatistics.overflowAllocations
            - poolsAfterWarmup.1.allocations - poolsAfterWarmup.1.overflowAllocations
        print(
            "  \(label): pixel buffers allocated after warm-up: source \(sourceNew), I420 \(convertNew) "
                + "(source pool: \(source.statistics); I420 pool: \(converter.poolStatistics))")
    }
}
