import SDLRPC
import SDLWire
import Testing

@testable import SDLStreaming

@Suite("Negotiation")
struct NegotiationTests {
    static func negotiation(
        _ capability: VideoStreamingCapability? = Fixture.capability,
        headUnit: HeadUnitVideoInfo = Fixture.navigationApp,
        settings: VideoStreamingSettings = VideoStreamingSettings()
    ) throws -> VideoNegotiation {
        try VideoNegotiation(capability: capability, headUnit: headUnit, settings: settings)
    }

    static let h265RAW = VideoStreamingFormat(protocol: .raw, codec: .h265)
    static let h264RTSP = VideoStreamingFormat(protocol: .rtsp, codec: .h264)

    struct FormatCase: Sendable, CustomTestStringConvertible {
        var offered: [VideoStreamingFormat]?
        var expected: [VideoStreamingFormat]
        var testDescription: String { "\(offered.map { $0.map { "\($0.codec)/\($0.protocol)" } } ?? ["absent"])" }
    }

    @Test(
        "formats: the head unit's order, limited to H.264 RAW and RTP",
        arguments: [
            FormatCase(offered: [.h264RTP, .h264RAW], expected: [.h264RTP, .h264RAW]),
            FormatCase(offered: [h265RAW, .h264RTP, h264RTSP, .h264RAW], expected: [.h264RTP, .h264RAW]),
            FormatCase(offered: [.h264RAW, .h264RAW], expected: [.h264RAW]),
            FormatCase(offered: nil, expected: [.h264RAW]),
        ])
    func formats(_ testCase: FormatCase) throws {
        var capability = Fixture.capability
        capability.supportedFormats = testCase.offered
        #expect(try Self.negotiation(capability).formats == testCase.expected)
    }

    @Test("no common format is a clear error")
    func noCommonFormat() {
        var capability = Fixture.capability
        capability.supportedFormats = [Self.h265RAW]
        #expect(throws: MediaStreamingError(.noSupportedFormat, "head unit offers H265/RAW")) {
            try Self.negotiation(capability)
        }
    }

    struct Override: VideoStreamingDataSource {
        func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat] {
            [NegotiationTests.h265RAW, .h264RTP, .h264RAW]
        }

        func preferredCandidates(headUnitCandidates: [VideoStreamCandidate]) -> [VideoStreamCandidate] {
            [
                VideoStreamCandidate(displayResolution: ImageResolution(width: 20_000, height: 10)),
                VideoStreamCandidate(displayResolution: ImageResolution(width: 640, height: 360)),
            ] + headUnitCandidates
        }
    }

    @Test("the data source reorders formats and sizes; what we cannot produce or is out of spec is dropped")
    func dataSource() throws {
        let negotiation = try Self.negotiation(settings: VideoStreamingSettings(dataSource: Override()))
        #expect(negotiation.formats == [.h264RTP, .h264RAW])
        #expect(
            negotiation.candidates.map(\.streamSize) == [
                ImageResolution(width: 640, height: 360), ImageResolution(width: 1024, height: 600),
            ])
        #expect(
            negotiation.request == VideoStartService(height: 360, width: 640, videoProtocol: "RTP", videoCodec: "H264"))
    }

    @Test("scale: request and encode at preferred resolution ÷ scale, rounded, then down to even")
    func scaledRequest() throws {
        var capability = Fixture.capability
        capability.preferredResolution = ImageResolution(width: 1281, height: 721)
        capability.scale = 2
        let negotiation = try Self.negotiation(capability)
        #expect(negotiation.request.width == 640)
        #expect(negotiation.request.height == 360)
        let (stream, _) = try negotiation.accept(MediaStartServiceACK(), encrypted: false).get()
        #expect(stream.size == ImageResolution(width: 640, height: 360))
        #expect(stream.displaySize == ImageResolution(width: 1281, height: 721))
        #expect(stream.scale == VideoScale(2))
    }

    @Test("NAK of width/height tries the next size; NAK of both advances both")
    func nakAdvances() throws {
        var capability = Fixture.capability
        capability.additionalVideoStreamingCapabilities = [
            VideoStreamingCapability(preferredResolution: ImageResolution(width: 800, height: 480))
        ]
        var negotiation = try Self.negotiation(capability)
        let next = try negotiation.rejected(by: ServiceNAK(rejectedParams: ["width", "height"])).get()
        #expect(next == VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
        var both = try Self.negotiation(capability)
        let nextBoth = try both.rejected(by: ServiceNAK(rejectedParams: ["height", "videoCodec"])).get()
        #expect(nextBoth == VideoStartService(height: 480, width: 800, videoProtocol: "RTP", videoCodec: "H264"))
        #expect(throws: MediaStreamingError.self) {
            try negotiation.rejected(by: ServiceNAK(rejectedParams: ["width"])).get()
        }
    }

    @Test(
        "NAKs that name nothing we can change",
        arguments: [ServiceNAK(), ServiceNAK(rejectedParams: []), ServiceNAK(rejectedParams: ["mtu"], reason: "odd")])
    func nakWithoutUsableReasons(_ nak: ServiceNAK) throws {
        var negotiation = try Self.negotiation()
        #expect(throws: MediaStreamingError.self) { try negotiation.rejected(by: nak).get() }
        #expect(negotiation.candidateIndex == 0)
        #expect(negotiation.formatIndex == 0)
    }

    struct AckCase: Sendable, CustomTestStringConvertible {
        var name: String
        var ack: MediaStartServiceACK
        /// The accepted stream size and protocol, or nil for an `.invalidAcknowledgement` error.
        var expected: (width: Int, height: Int, protocol: String)?
        var testDescription: String { name }
    }

    @Test(
        "what an ACK means",
        arguments: [
            AckCase(name: "echo", ack: Fixture.ack, expected: (1024, 600, "RAW")),
            AckCase(name: "empty: what we asked", ack: MediaStartServiceACK(), expected: (1024, 600, "RAW")),
            AckCase(
                name: "zero size: what we asked", ack: MediaStartServiceACK(width: 0, height: 0),
                expected: (1024, 600, "RAW")),
            AckCase(
                name: "only a width: what we asked", ack: MediaStartServiceACK(width: 640), expected: (1024, 600, "RAW")
            ),
            AckCase(
                name: "zero height: what we asked", ack: MediaStartServiceACK(width: 640, height: 0),
                expected: (1024, 600, "RAW")),
            AckCase(
                name: "another valid size: the head unit's", ack: MediaStartServiceACK(width: 800, height: 480),
                expected: (800, 480, "RAW")),
            AckCase(
                name: "another supported format: the head unit's", ack: MediaStartServiceACK(videoProtocol: "RTP"),
                expected: (1024, 600, "RTP")),
            AckCase(
                name: "an odd size: the even size the encoder takes, just below",
                ack: MediaStartServiceACK(width: 853, height: 479), expected: (852, 478, "RAW")),
            AckCase(name: "negative size", ack: MediaStartServiceACK(width: -1024, height: 600), expected: nil),
            AckCase(name: "absurd size", ack: MediaStartServiceACK(width: 100_000, height: 600), expected: nil),
            AckCase(name: "codec we cannot produce", ack: MediaStartServiceACK(videoCodec: "VP9"), expected: nil),
            AckCase(
                name: "protocol we cannot produce", ack: MediaStartServiceACK(videoProtocol: "WEBM"), expected: nil),
        ])
    func acknowledgement(_ testCase: AckCase) throws {
        let negotiation = try Self.negotiation()
        let result = negotiation.accept(testCase.ack, encrypted: false)
        switch (result, testCase.expected) {
        case (.success(let (stream, _)), let expected?):
            #expect(stream.size == ImageResolution(width: expected.width, height: expected.height))
            #expect(stream.format.protocol.rawValue == expected.protocol)
        case (.failure(let error), nil):
            #expect(error.kind == .invalidAcknowledgement)
        default:
            Issue.record("unexpected \(result)")
        }
    }

    struct BadCapabilityCase: Sendable, CustomTestStringConvertible {
        var name: String
        var capability: VideoStreamingCapability
        var testDescription: String { name }
    }

    @Test(
        "a capability with zero, absent or absurd sizes falls back to the display size",
        arguments: [
            BadCapabilityCase(
                name: "zero",
                capability: VideoStreamingCapability(preferredResolution: ImageResolution(width: 0, height: 0))),
            BadCapabilityCase(name: "absent", capability: VideoStreamingCapability(maxBitrate: 100)),
            BadCapabilityCase(
                name: "negative",
                capability: VideoStreamingCapability(preferredResolution: ImageResolution(width: -5, height: 480))),
            BadCapabilityCase(
                name: "absurd",
                capability: VideoStreamingCapability(
                    preferredResolution: ImageResolution(width: Int.max, height: 480))),
            BadCapabilityCase(
                name: "NaN scale",
                capability: VideoStreamingCapability(
                    preferredResolution: ImageResolution(width: 0, height: 1), scale: .nan)),
        ])
    func badCapability(_ testCase: BadCapabilityCase) throws {
        let negotiation = try Self.negotiation(testCase.capability)
        #expect(negotiation.request.width == 800)
        #expect(negotiation.request.height == 480)
        #expect(throws: MediaStreamingError.self) {
            try Self.negotiation(testCase.capability, headUnit: HeadUnitVideoInfo(isProjectionApp: true))
        }
    }

    @Test("no capability and no display size: a clear error")
    func nothingUsable() {
        #expect(throws: MediaStreamingError.self) {
            try Self.negotiation(nil, headUnit: HeadUnitVideoInfo(isProjectionApp: true))
        }
    }

    @Test("the registration: projection types, video support, display size")
    func registration() throws {
        let json = #"""
            {"success":true,"resultCode":"SUCCESS","hmiCapabilities":{"videoStreaming":false},
             "displayCapabilities":{"displayType":"GEN3_8-INCH","textFields":[],"mediaClockFormats":[],
             "graphicSupported":true,"screenParams":{"resolution":{"resolutionWidth":800,"resolutionHeight":480}}}}
            """#
        let response = try RPCCoder().decode(RegisterAppInterfaceResponse.self, from: Array(json.utf8))
        let info = HeadUnitVideoInfo(response: response, appHMITypes: [.projection])
        #expect(
            info
                == HeadUnitVideoInfo(
                    isProjectionApp: true, isVideoSupported: false,
                    displayResolution: ImageResolution(width: 800, height: 480)))
        #expect(!HeadUnitVideoInfo(response: response, appHMITypes: [.media, .default]).isProjectionApp)
    }
}
