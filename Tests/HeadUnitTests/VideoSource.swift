import CarWindowTestingTools
import Foundation

/// H.264 test video made at test time with Debian's ffmpeg and libx264, split into access units.
enum VideoSource {
    /// The default test video, made once per test run, on a thread of its own (ffmpeg takes a while, and a test
    /// waiting for it must not hold a thread of the cooperative pool).
    static func loaded() async throws -> [[UInt8]] { try await sharedTask.value.get() }

    private static let sharedTask = Task { await made { try accessUnits() } }

    /// `make` run on a thread of its own, its error kept for every caller.
    static func made(_ make: @escaping @Sendable () throws -> [[UInt8]]) async -> Result<[[UInt8]], any Error> {
        await BlockingWork.run { Result { try make() } }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("\(tool) is missing: install Debian's ffmpeg (apt-get install ffmpeg) to run this test")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("\(tool) \(arguments) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "headunit-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// 30 frames of `testsrc`, Constrained Baseline, one IDR, as access units (Annex-B each).
    static func accessUnits(width: Int = 800, height: Int = 480, frames: Int = 30, quality: Int = 23) throws
        -> [[UInt8]]
    {
        let directory = try temporaryDirectory()
        let file = directory + "/source.h264"
        _ = try run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=30", "-frames:v", "\(frames)",
                "-pix_fmt", "yuv420p", "-c:v", "libx264", "-profile:v", "baseline", "-g", "\(frames)", "-qp",
                "\(quality)",
                "-f", "h264", "-y", file,
            ])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        return split(bytes)
    }

    /// NAL units with their start codes, in order.
    static func nalUnits(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [(code: Int, payload: Int)] = []
        var i = 0
        while i + 3 <= bytes.count {
            if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 {
                let code = i > 0 && bytes[i - 1] == 0 ? i - 1 : i
                starts.append((code, i + 3))
                i += 3
            } else {
                i += 1
            }
        }
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1].code : bytes.count
            return bytes[starts[index].code..<end]
        }
    }

    static func nalType(_ nal: ArraySlice<UInt8>) -> UInt8 {
        var index = nal.startIndex
        while nal[index] == 0 { index += 1 }
        return nal[index + 1] & 0x1F
    }

    /// Groups NAL units into access units: a new one starts at SPS/PPS/SEI/AUD after a slice, or at a second slice.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var current: [UInt8] = []
        var hasSlice = false
        for nal in nalUnits(bytes) {
            let type = nalType(nal)
            let isSlice = type == 1 || type == 5
            if hasSlice, isSlice || [6, 7, 8, 9].contains(type) {
                units.append(current)
                current = []
                hasSlice = false
            }
            current += nal
            hasSlice = hasSlice || isSlice
        }
        if !current.isEmpty { units.append(current) }
        return units
    }

    /// RFC 6184 packets (single NAL, FU-A above 1400 bytes) of one access unit, each with an RFC 4571 length.
    static func rtp(_ unit: [UInt8], index: Int, sequence: inout UInt16) -> [UInt8] {
        let nals = nalUnits(unit).map { nal -> ArraySlice<UInt8> in
            var start = nal.startIndex
            while nal[start] == 0 { start += 1 }
            return nal[(start + 1)...]
        }
        var packets: [[UInt8]] = []
        for nal in nals {
            if nal.count <= 1400 {
                packets.append(Array(nal))
                continue
            }
            let header = nal[nal.startIndex]
            var body = nal.dropFirst()
            var first = true
            while !body.isEmpty {
                let chunk = body.prefix(1398)
                body = body.dropFirst(chunk.count)
                var fu: UInt8 = header & 0x1F
                if first { fu |= 0x80 }
                if body.isEmpty { fu |= 0x40 }
                packets.append([header & 0xE0 | 28, fu] + chunk)
                first = false
            }
        }
        var out: [UInt8] = []
        let timestamp = UInt32(index * 3000)
        for (number, payload) in packets.enumerated() {
            let marker: UInt8 = number == packets.count - 1 ? 0x80 : 0
            var packet: [UInt8] = [0x80, marker | 96, UInt8(sequence >> 8), UInt8(sequence & 0xFF)]
            packet += [
                UInt8(timestamp >> 24), UInt8(timestamp >> 16 & 0xFF), UInt8(timestamp >> 8 & 0xFF),
                UInt8(timestamp & 0xFF),
            ]
            packet += [0x12, 0x34, 0x56, 0x78]
            packet += payload
            sequence &+= 1
            out += [UInt8(packet.count >> 8), UInt8(packet.count & 0xFF)] + packet
        }
        return out
    }
}
