import SDLMedia

/// A 3x5 bitmap font for the pattern's frame counter, drawn straight into an I420 frame's planes: white digits on a
/// black box with neutral chroma, so the number reads the same on any background and survives H.264 compression.
///
/// ```swift
/// FrameCounterFont.draw(number: 123, into: i420Frame)
/// ```
enum FrameCounterFont {
    /// Each digit as five rows of three bits, most significant bit on the left.
    static let glyphs: [[UInt8]] = [
        [0b111, 0b101, 0b101, 0b101, 0b111],  // 0
        [0b010, 0b110, 0b010, 0b010, 0b111],  // 1
        [0b111, 0b001, 0b111, 0b100, 0b111],  // 2
        [0b111, 0b001, 0b111, 0b001, 0b111],  // 3
        [0b101, 0b101, 0b111, 0b001, 0b001],  // 4
        [0b111, 0b100, 0b111, 0b001, 0b111],  // 5
        [0b111, 0b100, 0b111, 0b101, 0b111],  // 6
        [0b111, 0b001, 0b010, 0b010, 0b010],  // 7
        [0b111, 0b101, 0b111, 0b101, 0b111],  // 8
        [0b111, 0b101, 0b111, 0b001, 0b111],  // 9
    ]

    /// Video black and white (BT.601 limited range) and neutral chroma.
    static let black: UInt8 = 16
    static let white: UInt8 = 235
    static let neutral: UInt8 = 128

    /// The size of one font pixel for a frame: about a twelfth of the height per digit, at least 2 (even, so chroma
    /// lines up with luma).
    static func cell(forHeight height: Int) -> Int { max(2, height / 60 & ~1) }

    /// Draws `number` (negative numbers as 0) at the top-left corner of an I420 `frame`, clipped to the frame.
    static func draw(number: Int, into frame: VideoFrame) {
        guard frame.format == .i420 else { return }
        let digits = String(max(0, number)).compactMap { $0.wholeNumberValue }
        let cell = cell(forHeight: frame.height)
        let margin = cell
        let boxWidth = min(frame.width, margin * 2 + digits.count * 4 * cell - cell)
        let boxHeight = min(frame.height, margin * 2 + 5 * cell)
        fill(frame, plane: 0, x: 0, y: 0, width: boxWidth, height: boxHeight, value: black)
        fill(frame, plane: 1, x: 0, y: 0, width: boxWidth / 2, height: boxHeight / 2, value: neutral)
        fill(frame, plane: 2, x: 0, y: 0, width: boxWidth / 2, height: boxHeight / 2, value: neutral)
        for (position, digit) in digits.enumerated() {
            let originX = margin + position * 4 * cell
            for (row, bits) in glyphs[digit].enumerated() {
                for column in 0..<3 where bits & (0b100 >> column) != 0 {
                    fill(
                        frame, plane: 0, x: originX + column * cell, y: margin + row * cell, width: cell,
                        height: cell, value: white)
                }
            }
        }
    }

    /// Fills a rectangle of one plane, clipped to the plane.
    private static func fill(_ frame: VideoFrame, plane: Int, x: Int, y: Int, width: Int, height: Int, value: UInt8) {
        let planeWidth = plane == 0 ? frame.width : (frame.width + 1) / 2
        let planeHeight = plane == 0 ? frame.height : (frame.height + 1) / 2
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(planeWidth, x + width)
        let y1 = min(planeHeight, y + height)
        guard x0 < x1, y0 < y1 else { return }
        let layout = frame.planes[plane]
        let bytes = frame.buffer.mutableBytes
        for row in y0..<y1 {
            let start = layout.offset + row * layout.stride
            UnsafeMutableRawBufferPointer(rebasing: bytes[(start + x0)..<(start + x1)])
                .initializeMemory(as: UInt8.self, repeating: value)
        }
    }
}
