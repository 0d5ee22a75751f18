import SDLRPC
import SDLWire
import Testing

/// Bad input gives a typed error that names the message and the key path, never a crash.
@Suite("Coding errors")
struct CodingErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var kind: RPCCodingError.Kind
        var keyPath: String
        var testDescription: String { "\(kind) at '\(keyPath)'" }
    }

    @Test(
        "OnHMIStatus decoding errors",
        arguments: [
            Case(json: #"{"hmiLevel":"FULL"}"#, kind: .missingKey, keyPath: "audioStreamingState"),
            Case(
                json: #"{"hmiLevel":5,"audioStreamingState":"AUDIBLE","systemContext":"MAIN"}"#, kind: .typeMismatch,
                keyPath: "hmiLevel"),
            Case(
                json: #"{"hmiLevel":null,"audioStreamingState":"AUDIBLE","systemContext":"MAIN"}"#, kind: .typeMismatch,
                keyPath: "hmiLevel"),
            Case(
                json: #"{"hmiLevel":"FULL","audioStreamingState":"AUDIBLE","systemContext":"MAIN","windowID":"0"}"#,
                kind: .typeMismatch, keyPath: "windowID"),
            Case(
                json: #"{"hmiLevel":"FULL","audioStreamingState":"AUDIBLE","systemContext":"MAIN","windowID":1.5}"#,
                kind: .invalidValue, keyPath: ""),
            Case(json: #"{"hmiLevel":"FU"#, kind: .invalidJSON, keyPath: ""),
            Case(json: #"["FULL"]"#, kind: .invalidJSON, keyPath: ""),
            Case(json: "\u{FF}", kind: .invalidJSON, keyPath: ""),
        ])
    func onHMIStatus(testCase: Case) throws {
        let error = try #require(throws: RPCCodingError.self) {
            try RPCCoder().decode(OnHMIStatus.self, from: Array(testCase.json.utf8))
        }
        #expect(error.kind == testCase.kind)
        #expect(error.keyPath == testCase.keyPath)
        #expect(error.messageType == "OnHMIStatus")
        #expect(error.functionID == .onHMIStatus)
    }

    @Test("a missing key deep inside names the whole path, with array indices")
    func nestedMissingKey() throws {
        let json = #"{"type":"BEGIN","event":[{"id":0,"ts":[1],"c":[{"x":1,"y":2}]},{"id":1,"ts":[1],"c":[{"x":1}]}]}"#
        let error = try #require(throws: RPCCodingError.self) {
            try RPCCoder().decode(OnTouchEvent.self, from: Array(json.utf8))
        }
        #expect(error.kind == .missingKey)
        #expect(error.keyPath == "event[1].c[0].y")
        #expect(error.description == "OnTouchEvent (function 0x800C OnTouchEvent): missing key at event[1].c[0].y")
    }

    @Test("a missing mandatory key in a response's nested struct")
    func responseMissingKey() throws {
        let json = #"{"success":true,"resultCode":"SUCCESS","systemCapability":{"videoStreamingCapability":{}}}"#
        let error = try #require(throws: RPCCodingError.self) {
            try RPCCoder().decode(GetSystemCapabilityResponse.self, from: Array(json.utf8))
        }
        #expect(error.kind == .missingKey)
        #expect(error.keyPath == "systemCapability.systemCapabilityType")
        #expect(error.messageType == "GetSystemCapabilityResponse")
        #expect(error.functionID == .getSystemCapability)
    }

    @Test("a value JSON cannot carry fails to encode with its key path")
    func encodingFailure() throws {
        let update = OnAppCapabilityUpdated(
            appCapability: AppCapability(
                appCapabilityType: .videoStreaming,
                videoStreamingCapability: VideoStreamingCapability(scale: .infinity)
            )
        )
        let error = try #require(throws: RPCCodingError.self) { try RPCCoder().encode(update) }
        #expect(error.kind == .encodingFailed)
        #expect(error.keyPath == "appCapability.videoStreamingCapability.scale")
        #expect(error.functionID == .onAppCapabilityUpdated)
    }
}
