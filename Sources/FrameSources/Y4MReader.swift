import Foundation
import SDLMedia

/// Reads a YUV4MPEG2 stream (`.y4m`, or ffmpeg's `-f yuv4mpegpipe`) frame by frame into pooled I420 frames.
///
/// ```
/// YUV4MPEG2 W800 H480 F30:1 Ip A1:1 C420jpeg\n      stream header: size, rate, chroma (4:2:0 only)
/// FRAME\n  <Y: W*H> <U: ceil(W/2)*ceil(H/2)> <V: same>  one per frame, optional parameters after FRAME
/// ```
///
/// Hostile input never allocates more than one frame: the header line is capped at ``maximumHeaderLength``, the
/// size at ``VideoFrame/maximumDimension``, and a short frame at the end is an error, not a partial picture.
///
/// ```swift
/// let reader = try Y4MReader(handle: FileHandle(forReadingFrom: url), name: url.path)
/// while let frame = try reader.readFrame() { /* I420, reader.width x reader.height */ }
/// ```
final class Y4MReader {
    /// The longest stream header or FRAME line we read; real ones are under 100 bytes.
    static let maximumHeaderLength = 1024

    let width: Int
    let height: Int
    /// Frames per second from the `F` parameter, if present and sane.
    let frameRate: Double?

    private let input: BufferedInput
    private let name: String
    private let pool: PixelBufferPool

    /// Reads and checks the stream header.
    ///
    /// - Throws: ``FrameSourceError`` for a missing signature, a size outside 1...8192, or a chroma other than 4:2:0.
    init(handle: FileHandle, name: String) throws(FrameSourceError) {
        self.input = BufferedInput(handle: handle)
        self.name = name
        guard let line = try input.readLine(maximum: Self.maximumHeaderLength) else {
            throw FrameSourceError("\(name) is empty, expected a YUV4MPEG2 header")
        }
        var fields = line.split(separator: " ")
        guard fields.first == "YUV4MPEG2" else {
            throw FrameSourceError("\(name) is not a YUV4MPEG2 (.y4m) stream: it does not start with 'YUV4MPEG2'")
        }
        fields.removeFirst()
        var width: Int?
        var height: Int?
        var rate: Double?
        for field in fields {
            guard let tag = field.first else { continue }
            let value = field.dropFirst()
            switch tag {
            case "W": width = Int(value)
            case "H": height = Int(value)
            case "F":
                let parts = value.split(separator: ":").compactMap { Double($0) }
                if parts.count == 2, parts[1] > 0, parts[0] > 0 { rate = parts[0] / parts[1] }
            case "C":
                guard value.hasPrefix("420") else {
                    throw FrameSourceError(
                        "\(name) has chroma C\(value); only 4:2:0 is supported "
                            + "(convert with: ffmpeg -i IN -pix_fmt yuv420p OUT.y4m)")
                }
            default: continue
            }
        }
        guard let width, let height, (1...VideoFrame.maximumDimension).contains(width),
            (1...VideoFrame.maximumDimension).contains(height)
        else {
            throw FrameSourceError(
                "\(name) has no valid W and H in its header (1...\(VideoFrame.maximumDimension) each)")
        }
        self.width = width
        self.height = height
        self.frameRate = rate
        self.pool = PixelBufferPool(format: .i420, width: width, height: height)
    }

    /// The next frame, or `nil` at the end of the stream.
    ///
    /// - Throws: ``FrameSourceError`` for a line that is not `FRAME` or a frame cut short.
    func readFrame() throws(FrameSourceError) -> VideoFrame? {
        guard let line = try input.readLine(maximum: Self.maximumHeaderLength) else { return nil }
        guard line.hasPrefix("FRAME") else {
            throw FrameSourceError("\(name): expected a FRAME line, found '\(line.prefix(20))'")
        }
        let frame = pool.makeFrame(presentationTime: .zero)
        let chromaWidth = (width + 1) / 2
        let chromaHeight = (height + 1) / 2
        let planeSizes = [(width, height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
        let bytes = frame.buffer.mutableBytes
        for (index, (rowBytes, rows)) in planeSizes.enumerated() {
            let plane = frame.planes[index]
            for row in 0..<rows {
                let start = plane.offset + row * plane.stride
                guard try input.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[start..<(start + rowBytes)]))
                else {
                    throw FrameSourceError("\(name): the last frame is cut short")
                }
            }
        }
        return frame
    }
}

/// A FileHandle read in 64 KiB chunks, for line and exact-length reads.
private final class BufferedInput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    init(handle: FileHandle) { self.handle = handle }

    /// Refills when empty; returns false at the end of the input.
    private func fill() throws(FrameSourceError) -> Bool {
        if position < buffer.count { return true }
        guard !ended else { return false }
        let chunk: Data?
        do { chunk = try handle.read(upToCount: 65_536) } catch { throw FrameSourceError("read failed: \(error)") }
        guard let chunk, !chunk.isEmpty else {
            ended = true
            return false
        }
        buffer = [UInt8](chunk)
        position = 0
        return true
    }

    /// A line without its newline; `nil` at the end of the input.
    func readLine(maximum: Int) throws(FrameSourceError) -> String? {
        var line: [UInt8] = []
        while try fill() {
            let byte = buffer[position]
            position += 1
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
            guard line.count <= maximum else {
                throw FrameSourceError("a y4m header line is longer than \(maximum) bytes")
            }
        }
        guard line.isEmpty else { throw FrameSourceError("the y4m stream ends inside a header line") }
        return nil
    }

    /// Fills `destination` completely; false if the input ended first.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(FrameSourceError) -> Bool {
        var written = 0
        while written < destination.count {
            guard try fill() else { return false }
            let count = min(destination.count - written, buffer.count - position)
            buffer.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: destination[written..<(written + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<(position + count)]))
            }
            written += count
            position += count
        }
        return true
    }
}
