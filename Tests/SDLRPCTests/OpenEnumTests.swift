import SDLRPC
import Testing

/// Head units newer than the spec we generate from send values and keys we do not know; both must decode.
@Suite("Open enums and unknown keys")
struct OpenEnumTests {
    let coder = RPCCoder()

    @Test("an unknown enum value decodes, keeps its raw value and encodes back unchanged")
    func unknownEnumValueIsKept() throws {
        let json = #"{"audioStreamingState":"SPATIAL","hmiLevel":"HOLOGRAPHIC","systemContext":"MAIN"}"#
        let status = try coder.decode(OnHMIStatus.self, from: Array(json.utf8))
        #expect(status.hmiLevel.rawValue == "HOLOGRAPHIC")
        #expect(status.hmiLevel != .full)
        #expect(status.audioStreamingState == AudioStreamingState(rawValue: "SPATIAL"))
        #expect(status.hmiLevel.description == "HOLOGRAPHIC")
        #expect(String(decoding: try coder.encode(status), as: UTF8.self) == json)
    }

    @Test("an unknown result code decodes in a response")
    func unknownResultCode() throws {
        let json = #"{"resultCode":"QUOTA_EXCEEDED","success":false}"#
        let response = try coder.decode(GenericResponse.self, from: Array(json.utf8))
        #expect(response.resultCode.rawValue == "QUOTA_EXCEEDED")
        #expect(!response.success)
    }

    @Test("unknown values inside arrays of enums are kept in order")
    func unknownValuesInArrays() throws {
        let json = """
            {"permissionItem":[{"rpcName":"X","hmiPermissions":{"allowed":["FULL","AMBIENT","NONE"],"userDisallowed":[]},
             "parameterPermissions":{"allowed":[],"userDisallowed":[]}}]}
            """
        let decoded = try coder.decode(OnPermissionsChange.self, from: Array(json.utf8))
        #expect(decoded.permissionItem.first?.hmiPermissions.allowed == [.full, HMILevel(rawValue: "AMBIENT"), .none])
    }

    @Test("unknown keys are ignored at the top level and in nested structs")
    func unknownKeysAreIgnored() throws {
        let json = """
            {"resultCode":"SUCCESS","success":true,"futureFlag":{"deep":[1,2,3]},
             "systemCapability":{"systemCapabilityType":"VIDEO_STREAMING","hologramCapability":{},
               "videoStreamingCapability":{"preferredResolution":{"resolutionWidth":800,"resolutionHeight":480,
                 "resolutionDepth":3},"supportedFormats":[{"codec":"H264","protocol":"RAW","profile":"high"}]}}}
            """
        let response = try coder.decode(GetSystemCapabilityResponse.self, from: Array(json.utf8))
        let video = try #require(response.systemCapability?.videoStreamingCapability)
        #expect(video.preferredResolution == ImageResolution(width: 800, height: 480))
        #expect(video.supportedFormats == [.h264RAW])
    }

    @Test("JSON numbers: integers decode as spec Float, integral doubles decode as spec Integer")
    func numbersAcrossTypes() throws {
        let json = #"{"hapticRectData":[{"id":1.0,"rect":{"x":20,"y":20,"width":120,"height":60}}]}"#
        let request = try coder.decode(SendHapticData.self, from: Array(json.utf8))
        #expect(request.hapticRectData == [HapticRect(id: 1, rect: Rectangle(x: 20, y: 20, width: 120, height: 60))])
    }

    @Test("empty parameters decode as an empty object")
    func emptyParameters() throws {
        #expect(try coder.decode(UnregisterAppInterface.self, from: []) == UnregisterAppInterface())
    }
}
