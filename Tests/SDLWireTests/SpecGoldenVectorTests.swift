import NIOCore
import SDLWire
import Testing

/// Golden frames from the protocol spec's own examples (smartdevicelink/protocol_spec README, version 5.4.1).
/// Where the spec leaves a value open (`0x0000000n`, a hash), the value chosen is named in the comment.
@Suite("Golden frames from the protocol spec")
struct SpecGoldenVectorTests {
    private func decodeOne(_ wire: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> SDLFrame {
        let (frames, leftover) = try Feed.frames(wire)
        #expect(frames.count == 1 && leftover == 0, sourceLocation: sourceLocation)
        return try #require(frames.first, sourceLocation: sourceLocation)
    }

    @Test("PS §4.2.2.1: the v1 RPC StartService without payload (protocol 1-4 apps)")
    func v1StartServiceWithoutPayload() throws {
        let wire = Hex.bytes(
            """
            10        // version 1, C=0, frame type 0 (control)
            07        // service type 0x07 (RPC)
            01        // frame info 0x01 (StartService)
            00        // session id 0
            00000000  // data size 0; a v1 header has no message id
            """
        )
        let frame = try decodeOne(wire)
        #expect(
            frame.header
                == FrameHeader(
                    version: 1,
                    frameType: .control,
                    serviceType: .rpc,
                    frameInfo: 0x01,
                    sessionID: 0,
                    dataSize: 0
                )
        )
        #expect(frame.header.size == FrameHeader.v1Size)
        #expect(try RPCStartService(payload: frame.payload) == RPCStartService())
        #expect(SDLFrame.control(.startService, service: .rpc, version: 1, sessionID: 0).bytes == wire)
    }

    @Test("PS §4.2.3.1: a v4 StartServiceACK whose payload is a raw 4-byte hash id, not BSON")
    func v4StartServiceACKWithRawHash() throws {
        let wire = Hex.bytes(
            """
            40        // version 4, E=0, frame type 0 (control)
            07        // service type 0x07 (RPC)
            02        // frame info 0x02 (StartServiceACK)
            01        // session id 1 (assigned)
            00000004  // data size 4
            00000002  // message id 2 (the spec's table)
            00010001  // hash id, big-endian (value chosen: Core's 65537)
            """
        )
        let frame = try decodeOne(wire)
        #expect(frame.header.version == 4)
        #expect(frame.header.controlFrameInfo == .startServiceACK)
        #expect(frame.payload.getInteger(at: frame.payload.readerIndex, endianness: .big, as: UInt32.self) == 65537)
        // Below protocol 5 the payload is not BSON: the session must read the raw hash, and BSON refuses it.
        expectWireError(.malformedBSON) { try RPCStartServiceACK(payload: frame.payload) }
        #expect(frame.bytes == wire)
    }

    @Test("PS §4.2.4.1: a StartServiceNAK for the RPC service with rejectedParams [protocolVersion]")
    func rpcStartServiceNAK() throws {
        let wire = Hex.bytes(
            """
            40                              // version 4, E=0, frame type 0 (control)
            07                              // service type 0x07 (RPC)
            03                              // frame info 0x03 (StartServiceNAK)
            00                              // session id 0
            00000031                        // data size 49
            00000000                        // message id 0
            31000000                        // document length 49 (little-endian)
            04                              // element type 0x04 (array)
            72656a6563746564506172616d7300  // key "rejectedParams" + NUL
            1c000000                        //   array length 28
            02                              //   element type 0x02 (string)
            3000                            //   key "0" + NUL
            10000000                        //   string length 16 (with NUL)
            70726f746f636f6c56657273696f6e00  //   "protocolVersion" + NUL
            00                              //   end of array
            00                              // end of document
            """
        )
        let frame = try decodeOne(wire)
        let nak = try ServiceNAK(payload: frame.payload)
        #expect(nak == ServiceNAK(rejectedParams: ["protocolVersion"]))
        #expect(
            SDLFrame.control(.startServiceNAK, service: .rpc, version: 4, sessionID: 0, payload: nak.buffer).bytes
                == wire
        )
    }

    @Test("PS §4.5.1: Heartbeat on the control service")
    func heartbeat() throws {
        let wire = Hex.bytes(
            """
            40        // version 4, E=0, frame type 0 (control)
            00        // service type 0x00 (control)
            00        // frame info 0x00 (Heartbeat)
            00        // session id 0
            00000000  // data size 0
            00000000  // message id 0
            """
        )
        let frame = try decodeOne(wire)
        #expect(frame.header.controlFrameInfo == .heartbeat)
        #expect(frame.header.serviceType == .control)
        #expect(SDLFrame.control(.heartbeat, service: .control, version: 4, sessionID: 0).bytes == wire)
    }

    @Test("PS §4.5.2: HeartbeatACK on the control service")
    func heartbeatACK() throws {
        let wire = Hex.bytes(
            """
            40        // version 4, E=0, frame type 0 (control)
            00        // service type 0x00 (control)
            ff        // frame info 0xFF (HeartbeatACK)
            00        // session id 0
            00000000  // data size 0
            00000000  // message id 0
            """
        )
        let frame = try decodeOne(wire)
        #expect(frame.header.controlFrameInfo == .heartbeatACK)
        #expect(SDLFrame.control(.heartbeatACK, service: .control, version: 4, sessionID: 0).bytes == wire)
    }

    @Test("PS §3.3.1: a First frame's payload is total size and frame count, big-endian")
    func firstFrame() throws {
        let wire = Hex.bytes(
            """
            52        // version 5, E=0, frame type 2 (first)
            0b        // service type 0x0B (video)
            00        // frame info 0 (reserved)
            01        // session id 1
            00000008  // data size 8, always
            00000007  // message id 7
            00030d40  // total size 200 000
            00000002  // 2 Consecutive frames follow
            """
        )
        let frame = try decodeOne(wire)
        #expect(frame.header.frameType == .first)
        #expect(try FirstFramePayload(from: frame.payload) == FirstFramePayload(totalSize: 200_000, frameCount: 2))
        let message = SDLMessage(
            version: 5,
            serviceType: .video,
            sessionID: 1,
            messageID: 7,
            payload: ByteBuffer(repeating: 0xAB, count: 200_000)
        )
        let frames = MessageFragmenter.frames(for: message, maximumPayload: 131_072)
        #expect(frames.first?.bytes == wire)
        #expect(frames.map(\.header.frameInfo) == [0, 1, 0], "Consecutive frames numbered 1, then 0 for the last")
    }

    @Test("PS §5.2.1: an RPC request's binary header (RegisterAppInterface, correlation id 1)")
    func rpcBinaryHeader() throws {
        let wire = Hex.bytes(
            """
            51        // version 5, E=0, frame type 1 (single)
            07        // service type 0x07 (RPC)
            00        // frame info 0 (reserved)
            01        // session id 1
            0000000e  // data size 14
            00000001  // message id 1
            00000001  // RPC type 0 (request) in the top 4 bits, function id 1 (RegisterAppInterface)
            00000001  // correlation id 1
            00000002  // JSON size 2
            7b7d      // JSON "{}"
            """
        )
        let frame = try decodeOne(wire)
        let rpc = try RPCPayload(decoding: frame.payload)
        #expect(
            rpc
                == RPCPayload(
                    type: .request,
                    functionID: FunctionID(rawValue: 1),
                    correlationID: 1,
                    json: Array("{}".utf8)
                )
        )
        #expect(rpc.buffer.bytes == frame.payload.bytes)
    }

    @Test("PS §5.3: on the bulk service, the bytes after the JSON are bulk data")
    func bulkPayload() throws {
        let wire = Hex.bytes(
            """
            51        // version 5, E=0, frame type 1 (single)
            0f        // service type 0x0F (bulk)
            00        // frame info 0
            01        // session id 1
            00000011  // data size 17
            00000004  // message id 4
            00000020  // RPC type 0 (request), function id 32 (PutFile)
            00000005  // correlation id 5
            00000002  // JSON size 2
            7b7d      // JSON "{}"
            010203    // bulk data, 17 - 12 - 2 = 3 bytes
            """
        )
        let frame = try decodeOne(wire)
        let rpc = try RPCPayload(decoding: frame.payload)
        #expect(rpc.functionID == FunctionID(rawValue: 32))
        #expect(rpc.bulkData == [1, 2, 3])
        #expect(rpc.buffer.bytes == frame.payload.bytes)
    }

    @Test("PS §5.1.1.2: a security query header (response, SendHandshakeData) with binary TLS data")
    func securityQuery() throws {
        let payload = Hex.bytes(
            """
            10        // query type 0x10 (response)
            000001    // query id 0x000001 (SendHandshakeData)
            00000009  // sequence number 9
            00000000  // JSON size 0
            16030100  // binary: the start of a TLS record
            """
        )
        let query = try SecurityQuery(decoding: ByteBuffer(bytes: payload))
        #expect(
            query
                == SecurityQuery(
                    type: .response,
                    queryID: .sendHandshakeData,
                    sequenceNumber: 9,
                    binary: [0x16, 0x03, 0x01, 0x00]
                )
        )
        #expect(query.buffer.bytes == payload)
    }
}
