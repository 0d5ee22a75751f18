/// One picture decoded from a recording: RGB, 8 bits a channel, rows top to bottom.
///
/// Compare a region with a colour to check what the app drew ("the button turned blue after the tap"):
///
/// ```swift
/// let picture = try await emulator.decode(frame)
/// let colour = picture.averageColor(x: 40, y: 40, width: 200, height: 60)
/// #expect(colour.isClose(to: PixelColor(red: 0, green: 122, blue: 255), tolerance: 40))
/// ```
public struct DecodedFrame: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue.
    public let rgb: [UInt8]

    /// - Throws: `CarWindowTestingError` `.unexpectedOutput` when the bytes are not `width * height * 3`.
    public init(width: Int, height: Int, rgb: [UInt8]) throws(CarWindowTestingError) {
        guard width > 0, height > 0, rgb.count == width * height * 3 else {
            throw CarWindowTestingError(
                .unexpectedOutput, "\(rgb.count) bytes are not one \(width)x\(height) RGB picture")
        }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The colour at one pixel, clamped to the picture.
    public func color(x: Int, y: Int) -> PixelColor {
        let x = min(max(x, 0), width - 1)
        let y = min(max(y, 0), height - 1)
        let offset = (y * width + x) * 3
        return PixelColor(red: Int(rgb[offset]), green: Int(rgb[offset + 1]), blue: Int(rgb[offset + 2]))
    }

    /// The mean colour of a rectangle (pixels), clipped to the picture; black when nothing of it is inside.
    ///
    /// Take a rect a little inside the view's edges: H.264 blurs colours across edges.
    public func averageColor(x: Double, y: Double, width: Double, height: Double) -> PixelColor {
        let left = max(0, Int(x.rounded(.down)))
        let top = max(0, Int(y.rounded(.down)))
        let right = min(self.width, Int((x + width).rounded(.up)))
        let bottom = min(self.height, Int((y + height).rounded(.up)))
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, right > left, bottom > top else {
            return PixelColor(red: 0, green: 0, blue: 0)
        }
        var sums = (0, 0, 0)
        for row in top..<bottom {
            for column in left..<right {
                let offset = (row * self.width + column) * 3
                sums.0 += Int(rgb[offset])
                sums.1 += Int(rgb[offset + 1])
                sums.2 += Int(rgb[offset + 2])
            }
        }
        let count = (right - left) * (bottom - top)
        return PixelColor(red: sums.0 / count, green: sums.1 / count, blue: sums.2 / count)
    }
}

/// An 8-bit RGB colour, compared with a tolerance because H.264 never gives back exactly what was drawn.
///
/// ```swift
/// PixelColor(red: 0, green: 118, blue: 250).isClose(to: PixelColor(red: 0, green: 122, blue: 255), tolerance: 30)
/// ```
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Int
    public var green: Int
    public var blue: Int

    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The largest difference of one channel.
    public func distance(to other: PixelColor) -> Int {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    /// Whether no channel differs by more than `tolerance` (0...255).
    public func isClose(to other: PixelColor, tolerance: Int = 32) -> Bool { distance(to: other) <= tolerance }

    public var description: String { "rgb(\(red), \(green), \(blue))" }
}
