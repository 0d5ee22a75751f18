/// Cuts a stream of concatenated JPEG images (ffmpeg's `image2pipe` MJPEG output) into single images.
///
/// ```
///  FFD8 (SOI) | FFxx len segment ... | FFDA (SOS) len header | entropy data (FF00 stuffed, FFD0-7 restarts) | FFD9
/// ```
///
/// Marker segments are skipped by their length, so table bytes that happen to look like `FF D9` cannot end an image
/// early; inside the entropy-coded data only a marker other than a stuffed `FF 00` or a restart ends it.
/// An image larger than ``maximumImageBytes`` is discarded.
struct JPEGSplitter: Sendable {
    static let maximumImageBytes = 16 << 20

    private var buffer: [UInt8] = []

    /// Appends bytes and returns the images they complete.
    mutating func append(_ bytes: [UInt8]) -> [[UInt8]] {
        buffer += bytes
        var images: [[UInt8]] = []
        while let end = completeImageEnd() {
            images.append(Array(buffer[..<end]))
            buffer.removeFirst(end)
        }
        if buffer.count > Self.maximumImageBytes { buffer = [] }
        return images
    }

    /// The end of the first complete image, after dropping anything before its SOI; `nil` if it is incomplete.
    private mutating func completeImageEnd() -> Int? {
        guard let start = firstStartOfImage() else {
            buffer = buffer.last == 0xFF ? [0xFF] : []
            return nil
        }
        if start > 0 { buffer.removeFirst(start) }
        var index = 2
        var inEntropyData = false
        while index + 1 < buffer.count {
            guard buffer[index] == 0xFF else {
                guard inEntropyData else { return restartAfterCorruption() }
                index += 1
                continue
            }
            let marker = buffer[index + 1]
            if inEntropyData && (marker == 0x00 || (0xD0...0xD7).contains(marker) || marker == 0xFF) {
                index += marker == 0xFF ? 1 : 2
                continue
            }
            if marker == 0xD9 { return index + 2 }
            guard index + 3 < buffer.count else { return nil }
            let length = Int(buffer[index + 2]) << 8 | Int(buffer[index + 3])
            guard length >= 2 else { return restartAfterCorruption() }
            index += 2 + length
            inEntropyData = marker == 0xDA
        }
        return nil
    }

    private func firstStartOfImage() -> Int? {
        var index = 0
        while index + 1 < buffer.count {
            if buffer[index] == 0xFF && buffer[index + 1] == 0xD8 { return index }
            index += 1
        }
        return nil
    }

    /// Drops the broken image's SOI so the search moves on to the next one.
    private mutating func restartAfterCorruption() -> Int? {
        buffer.removeFirst(2)
        return completeImageEnd()
    }
}
