import Foundation
import NIOCore
import SDLAudio

/// Test audio written at test time: WAV files with a known sine, and temporary paths.
enum TestAudio {
    /// A 16-bit PCM WAV (RIFF, `fmt ` chunk of 16 bytes, `data` chunk) of a sine on every channel.
    static func sineWAV(
        frequency: Double = 440,
        amplitude: Double = 0.5,
        sampleRate: Int = 44_100,
        channels: Int = 2,
        seconds: Double = 1
    ) -> [UInt8] {
        let frames = Int(Double(sampleRate) * seconds)
        var data: [UInt8] = []
        data.reserveCapacity(frames * channels * 2)
        for n in 0..<frames {
            let value = Int16(
                (amplitude * 32_767 * sin(2 * .pi * frequency * Double(n) / Double(sampleRate))).rounded())
            for _ in 0..<channels { data.append(contentsOf: littleEndian(UInt16(bitPattern: value))) }
        }
        var wav: [UInt8] = Array("RIFF".utf8) + littleEndian(UInt32(36 + data.count)) + Array("WAVE".utf8)
        wav += Array("fmt ".utf8) + littleEndian(UInt32(16))
        wav += littleEndian(UInt16(1))  // PCM
        wav += littleEndian(UInt16(channels))
        wav += littleEndian(UInt32(sampleRate))
        wav += littleEndian(UInt32(sampleRate * channels * 2))  // byte rate
        wav += littleEndian(UInt16(channels * 2))  // block align
        wav += littleEndian(UInt16(16))  // bits per sample
        wav += Array("data".utf8) + littleEndian(UInt32(data.count)) + data
        return wav
    }

    /// The expected mono 16-bit value at output sample `n`.
    static func sine(_ n: Int, frequency: Double = 440, amplitude: Double = 0.5, sampleRate: Int) -> Double {
        amplitude * 32_767 * sin(2 * .pi * frequency * Double(n) / Double(sampleRate))
    }

    /// Writes `bytes` to a new file in a fresh temporary directory and returns its path.
    static func write(_ bytes: [UInt8], name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdlaudio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// `seconds` of a constant 16-bit mono value, as bytes: easy to tell items apart on the wire.
    static func constantPCM(_ value: Int16, seconds: Double, format: PCMFormat = .default) -> ByteBuffer {
        let frames = Int(Double(format.sampleRate) * seconds)
        var buffer = ByteBuffer()
        for _ in 0..<frames { buffer.writeInteger(value, endianness: .little) }
        return buffer
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
