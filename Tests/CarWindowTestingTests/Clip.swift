import Foundation
import SDLMedia

/// `count` access units of SDLMedia's synthetic scene, encoded with OpenH264: a clip whose size and frame count the
/// tests know.
func encodedClip(width: Int = 320, height: Int = 240, count: Int) throws -> [[UInt8]] {
    let encoder = try OpenH264Encoder(settings: EncoderSettings(width: width, height: height))
    let scene = SyntheticScene(width: width, height: height, format: .i420)
    let pool = PixelBufferPool(format: .i420, width: width, height: height)
    var units: [[UInt8]] = []
    for index in 0..<count {
        let frame = pool.makeFrame(presentationTime: .milliseconds(index * 66))
        scene.render(frameIndex: index, into: frame)
        if let unit = try encoder.encode(frame) { units.append(unit.bytes) }
    }
    return units
}

/// A scratch directory for one test; the test removes it.
func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cwtesting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Thrown by test bodies to check that the fixtures clean up after a failure.
struct Planned: Error, Equatable {}
