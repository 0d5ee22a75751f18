import SDLMedia

/// A short H.264 clip whose size and frame count a test knows: SDLMedia's synthetic scene (a moving pattern with a
/// frame counter) encoded with OpenH264, Constrained Baseline, opening with an IDR.
///
/// Feed it to a session's video service, or write it to a file and check it with `VideoProbe`:
///
/// ```swift
/// let units = try SyntheticClip.accessUnits(width: 320, height: 240, count: 15)
/// for unit in units { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }
/// ```
public enum SyntheticClip {
    /// `count` access units (Annex-B bytes each) at `width`x`height`, 15 fps timestamps. Encoding is CPU work on the
    /// calling thread: a few milliseconds a frame at 320x240.
    ///
    /// - Throws: `EncoderError` when OpenH264 refuses the size.
    public static func accessUnits(width: Int = 320, height: Int = 240, count: Int) throws -> [[UInt8]] {
        // Every frame, whatever the content costs: a clip of `count` frames is what the tests count.
        let settings = EncoderSettings(width: width, height: height, allowsFrameSkipping: false)
        let encoder = try OpenH264Encoder(settings: settings)
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
}
