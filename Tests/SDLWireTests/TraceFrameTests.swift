import NIOCore
import SDLWire
import Testing

/// Frames copied from `shared/traces/core-8.2-raw-video.jsonl` (real SDL Core 8.2 bytes).
@Suite("Trace frames")
struct TraceFrameTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    @Test("the app's v1 RPC StartService decodes and re-encodes byte for byte")
    func rpcStartService() throws {
        // core-8.2-raw-video.jsonl line 1 (app->core)
        let wire = Self.bytes(
            "10" + "07" + "01" + "00"  // v1, control | service RPC | StartService | session 0
                + "00000020"  // data size 32
                + "20000000" + "02" + "70726f746f636f6c56657273696f6e00" + "06000000" + "352e342e3000" + "00"
        )
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: wire)
        let frame = try #require(try decoder.decode(buffer: &buffer))
        #expect(frame.header.version == 1)
        #expect(frame.header.controlFrameInfo == .startService)
        #expect(frame.header.serviceType == .rpc)
        let start = try RPCStartService(payload: frame.payload)
        #expect(start.protocolVersion == ProtocolVersion(5, 4, 0))
        let rebuilt = SDLFrame.control(.startService, service: .rpc, version: 1, sessionID: 0, payload: start.buffer)
        #expect(rebuilt.bytes == wire)
    }

    @Test("Core's RPC StartServiceACK decodes and re-encodes byte for byte")
    func rpcStartServiceACK() throws {
        // core-8.2-raw-video.jsonl line 2 (core->app)
        let wire = Self.bytes(
            "5007020100000128000000002801000004766964656f536572766963655472616e73706f727473000c0000001030000100000000106861736849640001000100026d6f64656c0008000000486d695374756200126d7475000000020000000000026d6f64656c59656172000500000032303234000273797374656d486172647761726556657273696f6e0008000000737475622d687700026d616b65000400000053444c00047365636f6e646172795472616e73706f7274730005000000000273797374656d536f66747761726556657273696f6e000d000000686d695f737475625f312e3000027472696d000300000053450004617564696f536572766963655472616e73706f727473000c00000010300001000000000270726f746f636f6c56657273696f6e0006000000352e342e300000"
        )
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: wire)
        let frame = try #require(try decoder.decode(buffer: &buffer))
        let ack = try RPCStartServiceACK(payload: frame.payload)
        #expect(ack.hashID == 65537)
        #expect(ack.mtu == 131072)
        #expect(ack.protocolVersion == ProtocolVersion(5, 4, 0))
        #expect(ack.secondaryTransports == [])
        #expect(ack.videoServiceTransports == [1])
        #expect(ack.vehicle.make == "SDL")
        let rebuilt = SDLFrame.control(.startServiceACK, service: .rpc, version: 5, sessionID: 1, payload: ack.buffer)
        #expect(rebuilt.bytes == wire)
    }
}
