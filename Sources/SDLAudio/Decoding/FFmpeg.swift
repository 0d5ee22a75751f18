import CFFmpeg

/// Small helpers around FFmpeg's C conventions.
enum FFmpeg {
    /// FFmpeg's text for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static let endOfFile = cffmpeg_averror_eof()
    static let tryAgain = cffmpeg_averror_eagain()
    static let noSuchFile = cffmpeg_averror_enoent()
}
