import Foundation
import Testing

@testable import CarWindow
@testable import CarWindowUI

@Suite("Images: JPEG and SVG")
@CarWindowActor
struct ImageTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try [UInt8](Data(contentsOf: url))
    }

    /// Renders `view` filling a 200x100 window (black background) and returns the frame.
    func render(_ view: View) throws -> PixelBuffer {
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 200, height: 100)))
        window.rootView = view
        var frame = try PixelBuffer(width: 200, height: 100)
        _ = try window.render(into: &frame)
        return frame
    }

    @Test("a JPEG decodes with libjpeg-turbo to its size and colours (fixture: red left half, blue right half)")
    func jpeg() throws {
        let image = try Bitmap(data: Self.fixture("red-blue-64x48.jpg"))
        #expect(image.size == Size(width: 64, height: 48))
        let view = ImageView(image: image)
        view.contentMode = .scaleToFill
        let frame = try render(view)
        let left = try #require(frame.pixel(x: 40, y: 50))
        let right = try #require(frame.pixel(x: 160, y: 50))
        #expect(left.red > 200 && left.blue < 60)
        #expect(right.blue > 200 && right.red < 60)
    }

    @Test("damaged or hostile JPEGs are refused with imageCodec, the huge size before any decoding")
    func badJPEG() throws {
        var bytes = try Self.fixture("red-blue-64x48.jpg")
        // The SOF0 segment: FF C0, length, precision, then height and width (big-endian).
        let sof = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)...(sof + 8), with: [0x30, 0x00, 0x30, 0x00])  // 12288x12288: 600 MB if decoded
        #expect(throws: CarWindowError.self) { try Bitmap(jpegData: bytes) }
        do {
            _ = try Bitmap(jpegData: bytes)
        } catch {
            #expect(error.kind == .imageCodec)
            #expect("\(error)".contains("12288x12288"))
        }
        #expect(throws: CarWindowError.self) { try Bitmap(jpegData: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]) }
        #expect(throws: CarWindowError.self) { try Bitmap(data: Array("GIF89a".utf8)) }
    }

    static let circle = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="10" fill="#00ff00"/>
        </svg>
        """

    @Test("an SVG draws at the view's size in its own colours, or all in a tint")
    func svg() throws {
        let icon = try VectorImage(svgData: Array(Self.circle.utf8))
        #expect(icon.size == Size(width: 24, height: 24))
        let view = ImageView(vectorImage: icon)
        let plain = try render(view)
        // Fitted to 100x100 in the middle of 200x100: the circle's radius is about 42 px there.
        let centre = try #require(plain.pixel(x: 100, y: 50))
        #expect(centre.green > 240 && centre.red < 10)
        let edge = try #require(plain.pixel(x: 138, y: 50))  // inside the circle at 4x scale, not a blurry 24 px icon
        #expect(edge.green > 240)
        #expect(plain.pixel(x: 55, y: 5)?.green == 0xEF)  // outside: the day theme's background, 0xECEFF1
        view.tintColor = Color(red: 1, green: 0, blue: 0)
        let tinted = try render(view)
        let red = try #require(tinted.pixel(x: 100, y: 50))
        #expect(red.red > 240 && red.green < 10)
    }

    @Test("malformed SVG is refused with imageCodec")
    func badSVG() {
        #expect(throws: CarWindowError.self) { try VectorImage(svgData: Array("<svg><circle".utf8)) }
        #expect(throws: CarWindowError.self) { try VectorImage(svgData: []) }
    }
}
