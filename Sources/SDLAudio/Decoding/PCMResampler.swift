import CFFmpeg
import SDLMediaService

/// Downmixes, resamples and converts audio to the head unit's ``PCMFormat`` with FFmpeg's swresample: a windowed
/// sinc resampler (not nearest-sample), the standard downmix matrix, and rounding to the output width.
///
/// One instance converts one continuous stream: feed it in order, then ``flush(into:)`` once to get the tail
/// the filter still holds. It owns a C context and is not Sendable: use it from one place.
///
/// ```swift
/// let resampler = try PCMResampler(input: PCMInputFormat(sampleRate: 44_100, channels: 2, sampleType: .float32),
///                                  output: .default)
/// var pcm: [UInt8] = []
/// try resampler.convert(interleaved: samples, into: &pcm)
/// try resampler.flush(into: &pcm)
/// ```
final class PCMResampler {
    private var context: OpaquePointer?
    let output: PCMFormat
    let inputRate: Int
    /// Input sample frames fed so far, to compute the exact output length when flushing.
    private var inputFrames = 0
    /// Output sample frames produced so far.
    private var outputFrames = 0

    /// A resampler from FFmpeg's description of the input (what a decoder reports). FFmpeg 5.1 declares the
    /// layouts non-const, hence the mutable pointer; they are only read.
    init(
        inputRate: Int,
        inputLayout: UnsafeMutablePointer<AVChannelLayout>,
        inputSampleFormat: AVSampleFormat,
        output: PCMFormat
    ) throws(MediaStreamingError) {
        self.output = output
        self.inputRate = inputRate
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, Int32(output.channels))
        defer { av_channel_layout_uninit(&outputLayout) }
        let outputFormat = output.sampleWidth == .unsigned8 ? AV_SAMPLE_FMT_U8 : AV_SAMPLE_FMT_S16
        var context: OpaquePointer?
        var status = swr_alloc_set_opts2(
            &context, &outputLayout, outputFormat, Int32(output.sampleRate),
            inputLayout, inputSampleFormat, Int32(inputRate), 0, nil)
        if status >= 0 { status = swr_init(context) }
        guard status >= 0, context != nil else {
            swr_free(&context)
            throw MediaStreamingError(
                .conversionFailed,
                "cannot convert \(inputRate) Hz \(inputLayout.pointee.nb_channels) ch to \(output): "
                    + FFmpeg.message(status)
            )
        }
        self.context = context
    }

    /// A resampler from a declared interleaved input layout.
    convenience init(input: PCMInputFormat, output: PCMFormat) throws(MediaStreamingError) {
        try input.validate()
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Int32(input.channels))
        defer { av_channel_layout_uninit(&layout) }
        let format: AVSampleFormat
        switch input.sampleType {
        case .unsigned8: format = AV_SAMPLE_FMT_U8
        case .signed16: format = AV_SAMPLE_FMT_S16
        case .signed32: format = AV_SAMPLE_FMT_S32
        case .float32: format = AV_SAMPLE_FMT_FLT
        }
        try self.init(inputRate: input.sampleRate, inputLayout: &layout, inputSampleFormat: format, output: output)
    }

    deinit { swr_free(&context) }

    /// Converts `frames` sample frames whose planes (one for interleaved input, one per channel for planar input)
    /// start at `planes`, appending the output to `pcm`.
    func convert(
        planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
        frames: Int,
        into pcm: inout [UInt8]
    ) throws(MediaStreamingError) {
        guard frames > 0 else { return }
        inputFrames += frames
        try run(planes: planes, frames: frames, into: &pcm)
    }

    /// Converts interleaved bytes in the declared input layout; `bytes.count` must be whole sample frames.
    func convert(interleaved bytes: UnsafeRawBufferPointer, bytesPerFrame: Int, into pcm: inout [UInt8])
        throws(MediaStreamingError)
    {
        guard let base = bytes.baseAddress, bytes.count >= bytesPerFrame else { return }
        var plane: UnsafePointer<UInt8>? = base.assumingMemoryBound(to: UInt8.self)
        try convert(planes: &plane, frames: bytes.count / bytesPerFrame, into: &pcm)
    }

    /// Drains the filter's tail, then trims or pads with silence so the whole stream has exactly
    /// round(inputFrames × outputRate / inputRate) frames: 1 s in is 1 s out, to the sample.
    func flush(into pcm: inout [UInt8]) throws(MediaStreamingError) {
        try run(planes: nil, frames: 0, into: &pcm)
        let expected = (inputFrames * output.sampleRate + inputRate / 2) / inputRate
        let bytesPerFrame = output.bytesPerFrame
        if outputFrames > expected {
            pcm.removeLast(min(pcm.count, (outputFrames - expected) * bytesPerFrame))
        } else if outputFrames < expected {
            let silence: UInt8 = output.sampleWidth == .unsigned8 ? 128 : 0
            pcm.append(contentsOf: repeatElement(silence, count: (expected - outputFrames) * bytesPerFrame))
        }
        outputFrames = expected
    }

    private func run(planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, frames: Int, into pcm: inout [UInt8])
        throws(MediaStreamingError)
    {
        let capacity = Int(swr_get_out_samples(context, Int32(frames))) + 32
        guard capacity > 0 else { return }
        let bytesPerFrame = output.bytesPerFrame
        let start = pcm.count
        pcm.append(contentsOf: repeatElement(0, count: capacity * bytesPerFrame))
        let produced = pcm.withUnsafeMutableBytes { raw -> Int32 in
            var plane: UnsafeMutablePointer<UInt8>? = raw.baseAddress?.advanced(by: start)
                .assumingMemoryBound(to: UInt8.self)
            return swr_convert(context, &plane, Int32(capacity), planes, Int32(frames))
        }
        guard produced >= 0 else {
            pcm.removeLast(capacity * bytesPerFrame)
            throw MediaStreamingError(.conversionFailed, FFmpeg.message(produced))
        }
        pcm.removeLast((capacity - Int(produced)) * bytesPerFrame)
        outputFrames += Int(produced)
    }
}
