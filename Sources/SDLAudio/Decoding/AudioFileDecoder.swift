import CFFmpeg
import NIOCore
import SDLMediaService

/// Decodes an audio file (WAV, MP3, AAC/M4A, Ogg Vorbis/Opus, FLAC: whatever Debian's FFmpeg decodes) and converts
/// it to the head unit's ``PCMFormat``: downmixed to mono, resampled with swresample's sinc filter, and rounded to
/// 16-bit or 8-bit.
///
/// The output has exactly round(duration × rate) sample frames. Decoding stops with `.tooLong` as soon as the
/// output would pass `maximumDuration`, so a hostile or endless file never grows memory without bound.
///
/// It blocks while it decodes; ``AudioStreamManager`` runs it off its actor.
///
/// ```swift
/// let audio = try AudioFileDecoder.decode(path: "/usr/share/sounds/prompt.ogg", to: format)
/// try manager.push(audio)
/// ```
public enum AudioFileDecoder {
    /// The default limit on decoded length: ten minutes, 19 MB at 16 kHz 16-bit, 53 MB at 44.1 kHz.
    public static let defaultMaximumDuration: Duration = .seconds(600)

    /// Decodes the first (best) audio stream of the file at `path`.
    ///
    /// - Parameters:
    ///   - path: a local file path.
    ///   - format: the head unit's format.
    ///   - maximumDuration: decoded audio beyond this throws `.tooLong`.
    /// - Returns: the whole file's audio in `format`.
    /// - Throws: ``MediaStreamingError`` `.fileNotReadable` (missing, unreadable), `.undecodableFile` (not audio,
    ///   damaged), `.unsupportedFormat` (no audio stream, no decoder), `.tooLong`, `.conversionFailed`.
    public static func decode(
        path: String,
        to format: PCMFormat,
        maximumDuration: Duration = defaultMaximumDuration
    ) throws(MediaStreamingError) -> PCMAudio {
        var input: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_open_input(&input, path, nil, nil)
        guard status >= 0, let container = input else {
            let kind: MediaStreamingError.Kind = status == FFmpeg.noSuchFile ? .fileNotReadable : .undecodableFile
            throw MediaStreamingError(kind, "\(path): \(FFmpeg.message(status))")
        }
        defer { avformat_close_input(&input) }
        status = avformat_find_stream_info(container, nil)
        guard status >= 0 else {
            throw MediaStreamingError(.undecodableFile, "\(path): \(FFmpeg.message(status))")
        }

        let (streamIndex, codecContext) = try openDecoder(container, path: path)
        var context: UnsafeMutablePointer<AVCodecContext>? = codecContext
        defer { avcodec_free_context(&context) }

        var decoding = Decoding(
            path: path, format: format, maximumBytes: format.byteCount(for: maximumDuration))
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer {
            av_packet_free(&packet)
            av_frame_free(&frame)
        }
        guard let packet, let frame else { throw MediaStreamingError(.conversionFailed, "out of memory") }

        while true {
            status = av_read_frame(container, packet)
            if status == FFmpeg.endOfFile { break }
            guard status >= 0 else {
                // A read error after good audio is a truncated file: keep what decoded, like players do.
                if decoding.framesDecoded > 0 { break }
                throw MediaStreamingError(.undecodableFile, "\(path): \(FFmpeg.message(status))")
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            // A damaged packet is skipped (the decoder resynchronises); a file with no good packet fails below.
            if avcodec_send_packet(codecContext, packet) < 0 { continue }
            try decoding.receive(from: codecContext, into: frame)
        }
        _ = avcodec_send_packet(codecContext, nil)
        try decoding.receive(from: codecContext, into: frame)
        return try decoding.finish()
    }

    private static func openDecoder(_ container: UnsafeMutablePointer<AVFormatContext>, path: String)
        throws(MediaStreamingError) -> (Int32, UnsafeMutablePointer<AVCodecContext>)
    {
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(container, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder, let streams = container.pointee.streams,
            let stream = streams[Int(index)]
        else {
            throw MediaStreamingError(.unsupportedFormat, "\(path): \(describeAudioStreams(container))")
        }
        guard let context = avcodec_alloc_context3(decoder) else {
            throw MediaStreamingError(.conversionFailed, "out of memory")
        }
        var status = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        if status >= 0 { status = avcodec_open2(context, decoder, nil) }
        guard status >= 0 else {
            var failed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&failed)
            throw MediaStreamingError(.unsupportedFormat, "\(path): cannot open decoder: \(FFmpeg.message(status))")
        }
        return (index, context)
    }

    /// Why no stream could be chosen: none at all, or audio in a codec without a decoder.
    private static func describeAudioStreams(_ container: UnsafeMutablePointer<AVFormatContext>) -> String {
        var codecs: [String] = []
        for i in 0..<Int(container.pointee.nb_streams) {
            guard let stream = container.pointee.streams?[i], let parameters = stream.pointee.codecpar,
                parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO
            else { continue }
            codecs.append(String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        return codecs.isEmpty ? "no audio stream" : "no decoder for \(codecs.joined(separator: ", "))"
    }
}

/// The state of one decode: the resampler, created from the first frame, and the output so far.
private struct Decoding {
    let path: String
    let format: PCMFormat
    let maximumBytes: Int
    var resampler: PCMResampler?
    var inputDescription: (rate: Int32, format: Int32, channels: Int32)?
    var pcm: [UInt8] = []
    var framesDecoded = 0

    init(path: String, format: PCMFormat, maximumBytes: Int) {
        self.path = path
        self.format = format
        self.maximumBytes = maximumBytes
    }

    mutating func receive(from context: UnsafeMutablePointer<AVCodecContext>, into frame: UnsafeMutablePointer<AVFrame>)
        throws(MediaStreamingError)
    {
        while avcodec_receive_frame(context, frame) >= 0 {
            defer { av_frame_unref(frame) }
            try convert(frame)
        }
    }

    private mutating func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaStreamingError) {
        let f = frame.pointee
        let description = (rate: f.sample_rate, format: f.format, channels: f.ch_layout.nb_channels)
        if let inputDescription, inputDescription != description {
            throw MediaStreamingError(.unsupportedFormat, "\(path): the audio format changes mid-stream")
        }
        if resampler == nil {
            inputDescription = description
            var layout = AVChannelLayout()
            if f.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
                av_channel_layout_default(&layout, f.ch_layout.nb_channels)
            } else {
                _ = withUnsafePointer(to: f.ch_layout) { av_channel_layout_copy(&layout, $0) }
            }
            defer { av_channel_layout_uninit(&layout) }
            guard f.sample_rate > 0, f.ch_layout.nb_channels > 0 else {
                throw MediaStreamingError(.undecodableFile, "\(path): frame without rate or channels")
            }
            resampler = try PCMResampler(
                inputRate: Int(f.sample_rate), inputLayout: &layout,
                inputSampleFormat: AVSampleFormat(rawValue: f.format), output: format)
        }
        guard let resampler, let data = f.extended_data else { return }
        let planes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        try resampler.convert(planes: planes, frames: Int(f.nb_samples), into: &pcm)
        framesDecoded += 1
        try checkLength()
    }

    private func checkLength() throws(MediaStreamingError) {
        guard pcm.count > maximumBytes else { return }
        throw MediaStreamingError(
            .tooLong, "\(path): more than \(format.duration(ofBytes: maximumBytes)) of audio")
    }

    mutating func finish() throws(MediaStreamingError) -> PCMAudio {
        guard let resampler, framesDecoded > 0 else {
            throw MediaStreamingError(.undecodableFile, "\(path): no audio could be decoded")
        }
        try resampler.flush(into: &pcm)
        try checkLength()
        return PCMAudio(format: format, bytes: ByteBuffer(bytes: pcm))
    }
}
