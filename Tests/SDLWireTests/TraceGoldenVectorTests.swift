import NIOCore
import SDLWire
import Testing

/// Hand-annotated golden frames, copied byte for byte from the SDL Core 8.2 traces (`Tests/HeadUnitTests/Fixtures/traces`, file and line
/// cited on each). Each decodes to the values the trace's own `decoded` field gives, and the typed payload re-encodes
/// to the same bytes: our payload types write keys in Core's order.
@Suite("Golden frames from the SDL Core 8.2 traces")
struct TraceGoldenVectorTests {
    /// Decodes exactly one frame from `wire` and checks the header fields.
    private func decodeOne(
        _ wire: [UInt8],
        version: UInt8 = 5,
        type: FrameType,
        service: ServiceType,
        info: UInt8,
        session: UInt8 = 1,
        messageID: UInt32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SDLFrame {
        let (frames, leftover) = try Feed.frames(wire)
        #expect(frames.count == 1, sourceLocation: sourceLocation)
        #expect(leftover == 0, sourceLocation: sourceLocation)
        let frame = try #require(frames.first, sourceLocation: sourceLocation)
        let expected = FrameHeader(
            version: version,
            frameType: type,
            serviceType: service,
            frameInfo: info,
            sessionID: session,
            dataSize: UInt32(wire.count - FrameHeader.size(forVersion: version)),
            messageID: messageID
        )
        #expect(frame.header == expected, sourceLocation: sourceLocation)
        #expect(frame.bytes == wire, "the frame writes back its own bytes", sourceLocation: sourceLocation)
        return frame
    }

    private func control(
        _ info: ControlFrameInfo,
        _ service: ServiceType,
        version: UInt8 = 5,
        session: UInt8 = 1,
        messageID: UInt32,
        _ payload: ByteBuffer = ByteBuffer()
    ) -> [UInt8] {
        SDLFrame.control(
            info,
            service: service,
            version: version,
            sessionID: session,
            messageID: messageID,
            payload: payload
        ).bytes
    }

    @Test("the app's v1 RPC StartService {protocolVersion: 5.4.0}")
    func rpcStartService() throws {
        // core-8.2-raw-video.jsonl line 1, app->core. The only v1 (8-byte) header with a payload (PS §4.2.2.2).
        let wire = Hex.bytes(
            """
            10                                // version 1, E=0, frame type 0 (control)
            07                                // service type 0x07 (RPC)
            01                                // frame info 0x01 (StartService)
            00                                // session id 0
            00000020                          // data size 32 (big-endian)
            20000000                          // document length 32 (little-endian)
            02                                // element type 0x02 (string)
            70726f746f636f6c56657273696f6e00  // key "protocolVersion" + NUL
            06000000                          // string length 6 (with NUL)
            352e342e3000                      // "5.4.0" + NUL
            00                                // end of document
            """
        )
        let frame = try decodeOne(wire, version: 1, type: .control, service: .rpc, info: 0x01, session: 0, messageID: 0)
        let start = try RPCStartService(payload: frame.payload)
        #expect(start == RPCStartService(protocolVersion: ProtocolVersion(5, 4, 0)))
        #expect(control(.startService, .rpc, version: 1, session: 0, messageID: 0, start.buffer) == wire)
    }

    @Test("Core's RPC StartServiceACK with vehicle info, mtu as int64 and an empty secondaryTransports")
    func rpcStartServiceACK() throws {
        // core-8.2-raw-video.jsonl line 2, core->app
        let wire = Hex.bytes(
            """
            50                                        // version 5, E=0, frame type 0 (control)
            07                                        // service type 0x07 (RPC)
            02                                        // frame info 0x02 (StartServiceACK)
            01                                        // session id 1
            00000128                                  // data size 296 (big-endian)
            00000000                                  // message id 0
            28010000                                  // document length 296 (little-endian)
            04                                        // element type 0x04 (array)
            766964656f536572766963655472616e73706f72747300  // key "videoServiceTransports" + NUL
            0c000000                                  //   array length 12 (little-endian)
            10                                        //   element type 0x10 (int32)
            3000                                      //   key "0" + NUL
            01000000                                  //   int32 1
            00                                        //   end of array
            10                                        // element type 0x10 (int32)
            68617368496400                            // key "hashId" + NUL
            01000100                                  // int32 65537
            02                                        // element type 0x02 (string)
            6d6f64656c00                              // key "model" + NUL
            08000000                                  // string length 8 (with NUL)
            486d695374756200                          // "HmiStub" + NUL
            12                                        // element type 0x12 (int64)
            6d747500                                  // key "mtu" + NUL
            0000020000000000                          // int64 131072
            02                                        // element type 0x02 (string)
            6d6f64656c5965617200                      // key "modelYear" + NUL
            05000000                                  // string length 5 (with NUL)
            3230323400                                // "2024" + NUL
            02                                        // element type 0x02 (string)
            73797374656d486172647761726556657273696f6e00  // key "systemHardwareVersion" + NUL
            08000000                                  // string length 8 (with NUL)
            737475622d687700                          // "stub-hw" + NUL
            02                                        // element type 0x02 (string)
            6d616b6500                                // key "make" + NUL
            04000000                                  // string length 4 (with NUL)
            53444c00                                  // "SDL" + NUL
            04                                        // element type 0x04 (array)
            7365636f6e646172795472616e73706f72747300  // key "secondaryTransports" + NUL
            05000000                                  //   array length 5 (little-endian)
            00                                        //   end of array
            02                                        // element type 0x02 (string)
            73797374656d536f66747761726556657273696f6e00  // key "systemSoftwareVersion" + NUL
            0d000000                                  // string length 13 (with NUL)
            686d695f737475625f312e3000                // "hmi_stub_1.0" + NUL
            02                                        // element type 0x02 (string)
            7472696d00                                // key "trim" + NUL
            03000000                                  // string length 3 (with NUL)
            534500                                    // "SE" + NUL
            04                                        // element type 0x04 (array)
            617564696f536572766963655472616e73706f72747300  // key "audioServiceTransports" + NUL
            0c000000                                  //   array length 12 (little-endian)
            10                                        //   element type 0x10 (int32)
            3000                                      //   key "0" + NUL
            01000000                                  //   int32 1
            00                                        //   end of array
            02                                        // element type 0x02 (string)
            70726f746f636f6c56657273696f6e00          // key "protocolVersion" + NUL
            06000000                                  // string length 6 (with NUL)
            352e342e3000                              // "5.4.0" + NUL
            00                                        // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .rpc, info: 0x02, messageID: 0)
        let ack = try RPCStartServiceACK(payload: frame.payload)
        let expected = RPCStartServiceACK(
            protocolVersion: ProtocolVersion(5, 4, 0),
            hashID: 65537,
            mtu: 131_072,
            secondaryTransports: [],
            audioServiceTransports: [1],
            videoServiceTransports: [1],
            vehicle: VehicleInfo(
                make: "SDL",
                model: "HmiStub",
                modelYear: "2024",
                trim: "SE",
                systemSoftwareVersion: "hmi_stub_1.0",
                systemHardwareVersion: "stub-hw"
            )
        )
        #expect(ack == expected)
        #expect(control(.startServiceACK, .rpc, messageID: 0, ack.buffer) == wire)
    }

    @Test("the app's video StartService 800x480 RAW H264")
    func videoStartService() throws {
        // core-8.2-raw-video.jsonl line 12, app->core
        let wire = Hex.bytes(
            """
            50                            // version 5, E=0, frame type 0 (control)
            0b                            // service type 0x0b (video)
            01                            // frame info 0x01 (StartService)
            01                            // session id 1
            00000048                      // data size 72 (big-endian)
            00000003                      // message id 3
            48000000                      // document length 72 (little-endian)
            10                            // element type 0x10 (int32)
            68656967687400                // key "height" + NUL
            e0010000                      // int32 480
            10                            // element type 0x10 (int32)
            776964746800                  // key "width" + NUL
            20030000                      // int32 800
            02                            // element type 0x02 (string)
            766964656f50726f746f636f6c00  // key "videoProtocol" + NUL
            04000000                      // string length 4 (with NUL)
            52415700                      // "RAW" + NUL
            02                            // element type 0x02 (string)
            766964656f436f64656300        // key "videoCodec" + NUL
            05000000                      // string length 5 (with NUL)
            4832363400                    // "H264" + NUL
            00                            // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .video, info: 0x01, messageID: 3)
        let start = try VideoStartService(payload: frame.payload)
        #expect(start == VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
        #expect(control(.startService, .video, messageID: 3, start.buffer) == wire)
    }

    @Test("Core's video StartServiceACK echoes the request after mtu")
    func videoStartServiceACK() throws {
        // core-8.2-raw-video.jsonl line 13, core->app
        let wire = Hex.bytes(
            """
            50                            // version 5, E=0, frame type 0 (control)
            0b                            // service type 0x0b (video)
            02                            // frame info 0x02 (StartServiceACK)
            01                            // session id 1
            00000055                      // data size 85 (big-endian)
            00000008                      // message id 8
            55000000                      // document length 85 (little-endian)
            12                            // element type 0x12 (int64)
            6d747500                      // key "mtu" + NUL
            0000020000000000              // int64 131072
            02                            // element type 0x02 (string)
            766964656f50726f746f636f6c00  // key "videoProtocol" + NUL
            04000000                      // string length 4 (with NUL)
            52415700                      // "RAW" + NUL
            10                            // element type 0x10 (int32)
            776964746800                  // key "width" + NUL
            20030000                      // int32 800
            02                            // element type 0x02 (string)
            766964656f436f64656300        // key "videoCodec" + NUL
            05000000                      // string length 5 (with NUL)
            4832363400                    // "H264" + NUL
            10                            // element type 0x10 (int32)
            68656967687400                // key "height" + NUL
            e0010000                      // int32 480
            00                            // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .video, info: 0x02, messageID: 8)
        let ack = try MediaStartServiceACK(payload: frame.payload)
        #expect(
            ack
                == MediaStartServiceACK(
                    mtu: 131_072,
                    videoProtocol: "RAW",
                    width: 800,
                    videoCodec: "H264",
                    height: 480
                )
        )
        #expect(control(.startServiceACK, .video, messageID: 8, ack.buffer) == wire)
    }

    @Test("Core's video StartServiceNAK with rejectedParams and reason (HMI rejected SetVideoConfig)")
    func videoStartServiceNAKRejectedParams() throws {
        // core-8.2-nak-video-config-rejected.jsonl line 13, core->app
        let wire = Hex.bytes(
            """
            50                              // version 5, E=0, frame type 0 (control)
            0b                              // service type 0x0b (video)
            03                              // frame info 0x03 (StartServiceNAK)
            01                              // session id 1
            00000076                        // data size 118 (big-endian)
            00000008                        // message id 8
            76000000                        // document length 118 (little-endian)
            04                              // element type 0x04 (array)
            72656a6563746564506172616d7300  // key "rejectedParams" + NUL
            2c000000                        //   array length 44 (little-endian)
            02                              //   element type 0x02 (string)
            3000                            //   key "0" + NUL
            0b000000                        //   string length 11 (with NUL)
            766964656f436f64656300          //   "videoCodec" + NUL
            02                              //   element type 0x02 (string)
            3100                            //   key "1" + NUL
            0e000000                        //   string length 14 (with NUL)
            766964656f50726f746f636f6c00    //   "videoProtocol" + NUL
            00                              //   end of array
            02                              // element type 0x02 (string)
            726561736f6e00                  // key "reason" + NUL
            29000000                        // string length 41 (with NUL)
            526563656976656420536574566964656f436f6e666967206661696c75726520726573706f6e736500  // "Received SetVideoConfig failure response" + NUL
            00                              // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .video, info: 0x03, messageID: 8)
        let nak = try ServiceNAK(payload: frame.payload)
        #expect(
            nak
                == ServiceNAK(
                    rejectedParams: ["videoCodec", "videoProtocol"],
                    reason: "Received SetVideoConfig failure response"
                )
        )
        #expect(control(.startServiceNAK, .video, messageID: 8, nak.buffer) == wire)
    }

    @Test("Core's video StartServiceNAK with a reason only (app not allowed to stream)")
    func videoStartServiceNAKReasonOnly() throws {
        // core-8.2-nak-non-navigation.jsonl line 13, core->app
        let wire = Hex.bytes(
            """
            50              // version 5, E=0, frame type 0 (control)
            0b              // service type 0x0b (video)
            03              // frame info 0x03 (StartServiceNAK)
            01              // session id 1
            00000043        // data size 67 (big-endian)
            00000008        // message id 8
            43000000        // document length 67 (little-endian)
            02              // element type 0x02 (string)
            726561736f6e00  // key "reason" + NUL
            32000000        // string length 50 (with NUL)
            5365727669636520747970653a20313120646973616c6c6f77656420776974682063757272656e7420484d49207479706500  // "Service type: 11 disallowed with current HMI type" + NUL
            00              // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .video, info: 0x03, messageID: 8)
        let nak = try ServiceNAK(payload: frame.payload)
        #expect(nak == ServiceNAK(reason: "Service type: 11 disallowed with current HMI type"))
        #expect(control(.startServiceNAK, .video, messageID: 8, nak.buffer) == wire)
    }

    @Test("Core's audio StartServiceACK carries only mtu")
    func audioStartServiceACK() throws {
        // core-8.2-audio.jsonl line 13, core->app
        let wire = Hex.bytes(
            """
            50                // version 5, E=0, frame type 0 (control)
            0a                // service type 0x0a (audio)
            02                // frame info 0x02 (StartServiceACK)
            01                // session id 1
            00000012          // data size 18 (big-endian)
            00000008          // message id 8
            12000000          // document length 18 (little-endian)
            12                // element type 0x12 (int64)
            6d747500          // key "mtu" + NUL
            0000020000000000  // int64 131072
            00                // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .audio, info: 0x02, messageID: 8)
        let ack = try MediaStartServiceACK(payload: frame.payload)
        #expect(ack == MediaStartServiceACK(mtu: 131_072))
        #expect(control(.startServiceACK, .audio, messageID: 8, ack.buffer) == wire)
    }

    @Test("the app's RPC EndService carries the hashId")
    func rpcEndService() throws {
        // core-8.2-raw-video.jsonl line 108, app->core
        let wire = Hex.bytes(
            """
            50              // version 5, E=0, frame type 0 (control)
            07              // service type 0x07 (RPC)
            04              // frame info 0x04 (EndService)
            01              // session id 1
            00000011        // data size 17 (big-endian)
            00000060        // message id 96
            11000000        // document length 17 (little-endian)
            10              // element type 0x10 (int32)
            68617368496400  // key "hashId" + NUL
            01000100        // int32 65537
            00              // end of document
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .rpc, info: 0x04, messageID: 96)
        let end = try EndService(payload: frame.payload)
        #expect(end == EndService(hashID: 65537))
        #expect(control(.endService, .rpc, messageID: 96, end.buffer) == wire)
    }

    @Test("Core ends the video service itself when the app keeps streaming in BACKGROUND")
    func coreInitiatedVideoEndService() throws {
        // core-8.2-background-keep-streaming.jsonl line 93, core->app: an EndService from the head unit, empty
        let wire = Hex.bytes(
            """
            50        // version 5, E=0, frame type 0 (control)
            0b        // service type 0x0b (video)
            04        // frame info 0x04 (EndService)
            01        // session id 1
            00000000  // data size 0 (big-endian)
            0000000a  // message id 10
            """
        )
        let frame = try decodeOne(wire, type: .control, service: .video, info: 0x04, messageID: 10)
        #expect(frame.header.controlFrameInfo == .endService)
        #expect(try EndService(payload: frame.payload) == EndService())
        #expect(control(.endService, .video, messageID: 10, EndService().buffer) == wire)
    }

    @Test("an OnHMIStatus notification: RPC header with correlation id 0xFFFFFFFF")
    func onHMIStatusNotification() throws {
        // core-8.2-audio.jsonl line 5, core->app
        let wire = Hex.bytes(
            """
            51        // version 5, E=0, frame type 1 (single)
            07        // service type 0x07 (RPC)
            00        // frame info 0
            01        // session id 1
            000000a4  // data size 164 (big-endian)
            00000002  // message id 2
            20008000  // RPC type 2, function id 32768
            ffffffff  // correlation id 4294967295
            00000098  // JSON size 152
            7b0a0922617564696f53747265616d696e67537461746522203a20224e4f545f41554449424c45222c0a0922686d694c6576656c22203a20224e4f4e45222c0a092273797374656d436f6e7465787422203a20224d41494e222c0a0922766964656f53747265616d696e67537461746522203a20224e4f545f53545245414d41424c45222c0a092277696e646f77494422203a20300a7d0a  // JSON, 152 bytes: {"audioStreamingState" : "NOT_AUDIBLE", "hmiLevel" : "NONE", ...}
            """
        )
        let frame = try decodeOne(wire, type: .single, service: .rpc, info: 0, messageID: 2)
        let rpc = try RPCPayload(decoding: frame.payload)
        #expect(rpc.type == .notification)
        #expect(rpc.functionID == FunctionID(rawValue: 0x8000))
        #expect(rpc.correlationID == RPCPayload.notificationCorrelationID)
        #expect(rpc.json.count == 152)
        #expect(String(decoding: rpc.json, as: UTF8.self).hasPrefix("{\n\t\"audioStreamingState\" : \"NOT_AUDIBLE\""))
        #expect(rpc.bulkData.isEmpty)
        let message = SDLMessage(version: 5, serviceType: .rpc, sessionID: 1, messageID: 2, payload: rpc.buffer)
        #expect(Feed.wire(MessageFragmenter.frames(for: message, maximumPayload: 131_060)) == wire)
    }
}
