import SDLRPC
import SDLWire
import Testing

/// Decodes what a real SDL Core 8.2 sent (and what the trace client sent it), byte for byte from the traces.
@Suite("Trace payloads")
struct TracePayloadTests {
    let coder = RPCCoder()

    @Test("RegisterAppInterface response from Core")
    func registerAppInterfaceResponse() throws {
        let response = try coder.decode(
            RegisterAppInterfaceResponse.self, from: Fixture.bytes("RegisterAppInterfaceResponse"))
        #expect(response.success)
        #expect(response.resultCode == .success)
        #expect(response.info == nil)
        #expect(response.syncMsgVersion == SyncMsgVersion(majorVersion: 8, minorVersion: 0, patchVersion: 0))
        #expect(response.language == .enUs)
        #expect(response.hmiDisplayLanguage == .enUs)
        #expect(response.displayCapabilities?.screenParams?.resolution == ImageResolution(width: 800, height: 480))
        #expect(response.displayCapabilities?.screenParams?.touchEventAvailable?.multiTouchAvailable == true)
        #expect(response.displayCapabilities?.templatesAvailable?.contains("NON-MEDIA") == true)
        #expect(response.displayCapabilities?.imageFields?.first?.name == .softButtonImage)
        #expect(response.buttonCapabilities?.count == 11)
        #expect(response.buttonCapabilities?.first?.name == .ok)
        #expect(response.hmiCapabilities?.videoStreaming == true)
        #expect(response.hmiCapabilities?.remoteControl == false)
        #expect(response.pcmStreamCapabilities?.samplingRate == .samplingRate16khz)
        #expect(response.pcmStreamCapabilities?.bitsPerSample == .bitsPerSample16Bit)
        #expect(response.vehicleType == VehicleType(make: "SDL", model: "HmiStub", modelYear: "2024", trim: "SE"))
        #expect(response.supportedDiagModes == [1, 2, 3, 5, 6, 7, 9, 10, 24, 25, 34, 62])
        #expect(response.sdlVersion == "7343fc72c12edc8ac42a62556c9e4b29c9408bc3")
        #expect(response.systemSoftwareVersion == "hmi_stub_1.0")
        #expect(response.iconResumed == false)
    }

    @Test(
        "OnHMIStatus from Core",
        arguments: [
            ("OnHMIStatus-none", HMILevel.none, AudioStreamingState.notAudible, VideoStreamingState.notStreamable),
            ("OnHMIStatus-full", .full, .audible, .streamable),
            ("OnHMIStatus-limited", .limited, .audible, .streamable),
            ("OnHMIStatus-background", .background, .notAudible, .notStreamable),
        ])
    func onHMIStatus(
        fixture: String,
        level: HMILevel,
        audio: AudioStreamingState,
        video: VideoStreamingState
    ) throws {
        let status = try coder.decode(OnHMIStatus.self, from: Fixture.bytes(fixture))
        #expect(status.hmiLevel == level)
        #expect(status.audioStreamingState == audio)
        #expect(status.videoStreamingState == video)
        #expect(status.systemContext == .main)
        #expect(status.windowID == 0)
        #expect(status.isMainWindow)
    }

    @Test("OnPermissionsChange from Core")
    func onPermissionsChange() throws {
        let change = try coder.decode(OnPermissionsChange.self, from: Fixture.bytes("OnPermissionsChange"))
        #expect(change.permissionItem.count == 61)
        let touch = try #require(change.permissionItem.first { $0.rpcName == "OnTouchEvent" })
        #expect(touch.hmiPermissions == HMIPermissions(allowed: [.full], userDisallowed: []))
        #expect(touch.parameterPermissions == ParameterPermissions(allowed: [], userDisallowed: []))
        let register = try #require(change.permissionItem.first { $0.rpcName == "RegisterAppInterface" })
        #expect(register.hmiPermissions.allowed == [.background, .full, .limited, .none])
    }

    @Test("OnSystemRequest from Core")
    func onSystemRequest() throws {
        let request = try coder.decode(OnSystemRequest.self, from: Fixture.bytes("OnSystemRequest"))
        #expect(request.requestType == .lockScreenIconUrl)
        #expect(request.url == "http://i.imgur.com/TgkvOIZ.png")
        #expect(request.fileType == nil)
    }

    @Test("OnDriverDistraction from Core")
    func onDriverDistraction() throws {
        let distraction = try coder.decode(OnDriverDistraction.self, from: Fixture.bytes("OnDriverDistraction"))
        #expect(distraction.state == .ddOff)
        #expect(distraction.lockScreenDismissalEnabled == true)
        #expect(distraction.lockScreenDismissalWarning?.hasPrefix("Swipe down to dismiss") == true)
    }

    @Test("GetSystemCapability response from Core: the HMI's video streaming capability")
    func getSystemCapabilityResponse() throws {
        let response = try coder.decode(
            GetSystemCapabilityResponse.self, from: Fixture.bytes("GetSystemCapabilityResponse"))
        #expect(response.success)
        #expect(response.resultCode == .success)
        let capability = try #require(response.systemCapability)
        #expect(capability.systemCapabilityType == .videoStreaming)
        let video = try #require(capability.videoStreamingCapability)
        #expect(video.preferredResolution == ImageResolution(width: 800, height: 480))
        #expect(video.maxBitrate == 400_000)
        #expect(video.supportedFormats == [.h264RAW, .h264RTP])
        #expect(video.hapticSpatialDataSupported == true)
        // Float in the spec, JSON integers from Core.
        #expect(video.diagonalScreenSize == 8)
        #expect(video.pixelPerInch == 117)
        #expect(video.scale == 1)
        #expect(video.preferredFPS == 30)
        #expect(video.additionalVideoStreamingCapabilities == nil)
    }

    @Test("GetSystemCapability response from Core with an additional (picture-in-picture) capability")
    func getSystemCapabilityResponseWithAdditional() throws {
        let response = try coder.decode(
            GetSystemCapabilityResponse.self,
            from: Fixture.bytes("GetSystemCapabilityResponse-pip")
        )
        let video = try #require(response.systemCapability?.videoStreamingCapability)
        #expect(video.preferredResolution == ImageResolution(width: 800, height: 480))
        let additional = try #require(video.additionalVideoStreamingCapabilities)
        #expect(additional.map(\.preferredResolution) == [ImageResolution(width: 320, height: 240)])
        #expect(additional.first?.supportedFormats == [.h264RAW, .h264RTP])
    }

    @Test(
        "OnSystemCapabilityUpdated from Core",
        arguments: [
            ("OnSystemCapabilityUpdated-resize", ImageResolution(width: 1024, height: 600), [ImageResolution]()),
            (
                "OnSystemCapabilityUpdated-pip", ImageResolution(width: 320, height: 240),
                [ImageResolution(width: 800, height: 480)]
            ),
        ])
    func onSystemCapabilityUpdated(fixture: String, preferred: ImageResolution, additional: [ImageResolution]) throws {
        let update = try coder.decode(OnSystemCapabilityUpdated.self, from: Fixture.bytes(fixture))
        #expect(update.systemCapability.systemCapabilityType == .videoStreaming)
        let video = try #require(update.systemCapability.videoStreamingCapability)
        #expect(video.preferredResolution == preferred)
        #expect((video.additionalVideoStreamingCapabilities ?? []).compactMap(\.preferredResolution) == additional)
        #expect(video.supportedFormats == [.h264RAW, .h264RTP])
    }

    @Test("OnTouchEvent from Core: one finger")
    func onTouchEventTap() throws {
        let touch = try coder.decode(OnTouchEvent.self, from: Fixture.bytes("OnTouchEvent-tap-begin"))
        #expect(touch.type == .begin)
        #expect(touch.event == [TouchEvent(id: 0, ts: [3883], c: [TouchCoord(x: 200, y: 150)])])
    }

    @Test("OnTouchEvent from Core: two fingers moving")
    func onTouchEventPinch() throws {
        let touch = try coder.decode(OnTouchEvent.self, from: Fixture.bytes("OnTouchEvent-pinch-move"))
        #expect(touch.type == .move)
        #expect(touch.event.map(\.id) == [0, 1])
        #expect(touch.event.map(\.c) == [[TouchCoord(x: 325, y: 240)], [TouchCoord(x: 475, y: 240)]])
        #expect(touch.event.map(\.ts) == [[5990], [5990]])
    }

    @Test("SendHapticData request from the client and Core's response")
    func sendHapticData() throws {
        let request = try coder.decode(SendHapticData.self, from: Fixture.bytes("SendHapticData"))
        #expect(request.hapticRectData?.map(\.id) == [1, 2, 3])
        #expect(request.hapticRectData?[1].rect == Rectangle(x: 660, y: 20, width: 120, height: 60))
        let response = try coder.decode(SendHapticDataResponse.self, from: Fixture.bytes("SendHapticDataResponse"))
        #expect(response.success)
        #expect(response.resultCode == .success)
    }

    @Test("Requests and notifications the trace client sent decode, as the emulator will need")
    func appSideMessages() throws {
        let register = try coder.decode(RegisterAppInterface.self, from: Fixture.bytes("RegisterAppInterface"))
        #expect(register.appID == "swiftsdl-nav")
        #expect(register.fullAppID == "swiftsdl-nav")
        #expect(register.appHMIType == [.navigation])
        #expect(register.isMediaApplication == false)
        #expect(register.languageDesired == .enUs)
        // The client also sent `deviceInfo.maxNumberOfSupportedProtocols`, which the spec does not have: ignored.
        #expect(register.deviceInfo == DeviceInfo(hardware: "probe", os: "Linux", osVersion: "1", carrier: "none"))

        let get = try coder.decode(GetSystemCapability.self, from: Fixture.bytes("GetSystemCapability"))
        #expect(get == GetSystemCapability(systemCapabilityType: .videoStreaming))
        let subscribe = try coder.decode(GetSystemCapability.self, from: Fixture.bytes("GetSystemCapability-subscribe"))
        #expect(subscribe == GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true))

        let app = try coder.decode(OnAppCapabilityUpdated.self, from: Fixture.bytes("OnAppCapabilityUpdated"))
        #expect(app.appCapability.appCapabilityType == .videoStreaming)
        #expect(app.appCapability.videoStreamingCapability?.additionalVideoStreamingCapabilities?.count == 1)

        #expect(
            try coder.decode(UnregisterAppInterface.self, from: Fixture.bytes("UnregisterAppInterface"))
                == UnregisterAppInterface())
        let unregistered = try coder.decode(
            UnregisterAppInterfaceResponse.self,
            from: Fixture.bytes("UnregisterAppInterfaceResponse")
        )
        #expect(unregistered == UnregisterAppInterfaceResponse(success: true, resultCode: .success))
    }

    @Test(
        "Core's payloads survive encode and decode unchanged",
        arguments: [
            RoundTripCase(fixture: "RegisterAppInterfaceResponse", as: RegisterAppInterfaceResponse.self),
            RoundTripCase(fixture: "GetSystemCapabilityResponse-pip", as: GetSystemCapabilityResponse.self),
            RoundTripCase(fixture: "OnPermissionsChange", as: OnPermissionsChange.self),
            RoundTripCase(fixture: "OnTouchEvent-pinch-move", as: OnTouchEvent.self),
            RoundTripCase(fixture: "SendHapticData", as: SendHapticData.self),
        ])
    func reencode(testCase: RoundTripCase) throws {
        #expect(try testCase.roundTrips(RPCCoder()))
    }
}
