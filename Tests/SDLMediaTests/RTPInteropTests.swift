import CarWindowTestingTools
import Foundation
import SDLMedia
import Testing

@Suite("RTP output decodes to the same frames, through our depacketizer and through GStreamer")
struct RTPInteropTests {
    /// 1280x720 at a high bitrate, so IDRs exceed 65 535 bytes and the default limit fragments too.
    static let settings = EncoderSettings(
        width: 1280, height: 720, bitrate: 8_000_000, usage: .camera,
        allowsFrameSkipping: false)

    @Test(
        "our depacketizer and GStreamer's rtpstreamdepay ! rtph264depay both give back the encoded frames",
        arguments: [1_400, RTPPacketizer.Configuration.maximumPacketSize])
    func sameFrames(limit: Int) async throws {
        let units = try encodeScene(settings: Self.settings, count: 15, keyFramesAt: [10])
        #expect(units.contains { $0.bytes.count > 65_535 }, "no access unit large enough to need FU-A")
        var packetizer = RTPPacketizer(configuration: .init(maxPacketSize: limit))
        let stream = units.flatMap { packetizer.packetize($0) }

        let scratch = try ScratchDirectory(prefix: "sdlmedia")
        let original = scratch.file("original.h264")
        try write(units, to: original)
        let reference = try await StreamProbe.frameHashes(original)
        #expect(reference.count == 15)

        var depacketizer = RTPDepacketizer()
        depacketizer.append(stream)
        var ours: [EncodedAccessUnit] = []
        while let unit = try depacketizer.nextAccessUnit() { ours.append(unit) }
        #expect(ours.map(\.bytes) == units.map(\.bytes))
        let oursFile = scratch.file("ours.h264")
        try write(ours, to: oursFile)
        #expect(try await StreamProbe.frameHashes(oursFile) == reference)

        let rtpFile = scratch.file("stream.rtp")
        try Data(stream).write(to: rtpFile)
        let gstFile = scratch.file("gstreamer.h264")
        try await CheckTool("gst-launch-1.0").run([
            "-q", "filesrc", "location=\(rtpFile.path)", "!",
            "application/x-rtp-stream,media=video,clock-rate=90000,encoding-name=H264,payload=96", "!",
            "rtpstreamdepay", "!", "rtph264depay", "!", "h264parse", "!",
            "video/x-h264,stream-format=byte-stream,alignment=au", "!", "filesink", "location=\(gstFile.path)",
        ])
        #expect(try await StreamProbe.frameHashes(gstFile) == reference)
    }

    @Test("every RTP packet of an access unit has its timestamp; only the last has the marker bit")
    func markersAndTimestamps() throws {
        let units = try encodeScene(settings: Self.settings, count: 4)
        var packetizer = RTPPacketizer(
            configuration: .init(
                maxPacketSize: 1_400, initialSequenceNumber: 65_534,
                initialTimestamp: 4_294_960_000))
        var sequence: UInt16 = 65_534
        for (index, unit) in units.enumerated() {
            let packets = try splitRFC4571(packetizer.packetize(unit))
            #expect(packets.count > 1)
            for (position, packet) in packets.enumerated() {
                let header = try RTPHeader(parsing: packet)
                #expect(header.timestamp == 4_294_960_000 &+ UInt32(index * 6_000))
                #expect(header.marker == (position == packets.count - 1))
                #expect(header.sequenceNumber == sequence)
                sequence &+= 1
            }
        }
    }
}
