import Foundation
import SDLRPC
import SDLWire
import Testing

/// Representative values for every generated message, so each model's Codable conformance is exercised both ways.
@Suite("Round trips")
struct RoundTripTests {
    static let video = VideoStreamingCapability(
        preferredResolution: ImageResolution(width: 1024, height: 600),
        maxBitrate: 400_000,
        supportedFormats: [.h264RTP, .h264RAW],
        hapticSpatialDataSupported: true,
        diagonalScreenSize: 10.1,
        pixelPerInch: 117.5,
        scale: 1.5,
        preferredFPS: 30,
        additionalVideoStreamingCapabilities: [
            VideoStreamingCapability(preferredResolution: ImageResolution(width: 320, height: 240))
        ]
    )

    static let cases: [RoundTripCase] = [
        RoundTripCase(
            RegisterAppInterface(
                syncMsgVersion: SyncMsgVersion(majorVersion: 8, minorVersion: 0, patchVersion: 0),
                appName: "CarWindow",
                ttsName: [TTSChunk(text: "Car Window", type: .text)],
                vrSynonyms: ["Car Window"],
                isMediaApplication: false,
                languageDesired: .enUs,
                hmiDisplayLanguageDesired: .deDe,
                appHMIType: [.navigation, .projection],
                deviceInfo: DeviceInfo(hardware: "x86_64", os: "Linux", osVersion: "6.1"),
                appID: "carwindow",
                fullAppID: "carwindow-full",
                appInfo: AppInfo(appDisplayName: "CarWindow", appBundleID: "org.carwindow", appVersion: "0.1.0"),
                dayColorScheme: TemplateColorScheme(primaryColor: RGBColor(red: 255, green: 128, blue: 0))
            )
        ),
        RoundTripCase(
            RegisterAppInterfaceResponse(
                success: true,
                resultCode: .warnings,
                info: "Some capabilities are unavailable",
                syncMsgVersion: SyncMsgVersion(majorVersion: 8, minorVersion: 0),
                language: .enUs,
                displayCapabilities: DisplayCapabilities(
                    displayType: .sdlGeneric,
                    displayName: "HMI",
                    textFields: [TextField(name: .mainField1, characterSet: .utf8, width: 500, rows: 1)],
                    imageFields: [],
                    mediaClockFormats: [.clock1],
                    graphicSupported: true,
                    screenParams: ScreenParams(resolution: ImageResolution(width: 800, height: 480))
                ),
                hmiZoneCapabilities: [.front],
                pcmStreamCapabilities: AudioPassThruCapabilities(
                    samplingRate: .samplingRate16khz,
                    bitsPerSample: .bitsPerSample16Bit,
                    audioType: .pcm
                ),
                vehicleType: VehicleType(make: "SDL", model: "Emulator"),
                supportedDiagModes: [1, 62],
                hmiCapabilities: HMICapabilities(navigation: true, videoStreaming: true),
                iconResumed: false
            )
        ),
        RoundTripCase(UnregisterAppInterface()),
        RoundTripCase(UnregisterAppInterfaceResponse(success: true, resultCode: .success)),
        RoundTripCase(GenericResponse(success: false, resultCode: .invalidData, info: "bad JSON")),
        RoundTripCase(GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true)),
        RoundTripCase(
            GetSystemCapabilityResponse(
                systemCapability: SystemCapability(
                    systemCapabilityType: .videoStreaming, videoStreamingCapability: video),
                resultCode: .success,
                success: true
            )
        ),
        RoundTripCase(
            SendHapticData(hapticRectData: [
                HapticRect(id: 1, rect: Rectangle(x: 20.5, y: 20, width: 120, height: 60)),
                HapticRect(id: 2, rect: Rectangle(x: 660, y: 20, width: 120, height: 60.25)),
            ])
        ),
        RoundTripCase(SendHapticDataResponse(success: false, info: "no haptics", resultCode: .unsupportedResource)),
        RoundTripCase(
            OnHMIStatus(
                hmiLevel: .limited,
                audioStreamingState: .attenuated,
                systemContext: .hmiObscured,
                videoStreamingState: .streamable,
                windowID: 0
            )
        ),
        RoundTripCase(OnAppInterfaceUnregistered(reason: .appUnauthorized)),
        RoundTripCase(
            OnPermissionsChange(
                permissionItem: [
                    PermissionItem(
                        rpcName: "SendHapticData",
                        hmiPermissions: HMIPermissions(allowed: [.full], userDisallowed: [.none]),
                        parameterPermissions: ParameterPermissions(allowed: [], userDisallowed: []),
                        requireEncryption: false
                    )
                ],
                requireEncryption: false
            )
        ),
        RoundTripCase(
            OnTouchEvent(
                type: .move,
                event: [
                    TouchEvent(id: 0, ts: [5_000_000_000], c: [TouchCoord(x: 325, y: 240)]),
                    TouchEvent(id: 1, ts: [5990], c: [TouchCoord(x: 475, y: 240)]),
                ])
        ),
        RoundTripCase(SubscribeButton(buttonName: .navZoomIn)),
        RoundTripCase(
            SubscribeButtonResponse(success: false, resultCode: .unsupportedResource, info: "no such button")),
        RoundTripCase(UnsubscribeButton(buttonName: .ok)),
        RoundTripCase(UnsubscribeButtonResponse(success: true, resultCode: .success)),
        RoundTripCase(OnButtonEvent(buttonName: .customButton, buttonEventMode: .buttondown, customButtonID: 7)),
        RoundTripCase(OnButtonPress(buttonName: .navPanUpLeft, buttonPressMode: .long)),
        RoundTripCase(
            OnSystemCapabilityUpdated(
                systemCapability: SystemCapability(
                    systemCapabilityType: .videoStreaming, videoStreamingCapability: video)
            )
        ),
        RoundTripCase(
            OnAppCapabilityUpdated(
                appCapability: AppCapability(appCapabilityType: .videoStreaming, videoStreamingCapability: video)
            )
        ),
        RoundTripCase(
            OnDriverDistraction(state: .ddOn, lockScreenDismissalEnabled: true, lockScreenDismissalWarning: "Swipe")
        ),
        RoundTripCase(SubscribeVehicleData(headLampStatus: true)),
        RoundTripCase(
            SubscribeVehicleDataResponse(
                success: true, resultCode: .success,
                headLampStatus: VehicleDataResult(dataType: .vehicledataHeadlampstatus, resultCode: .success))
        ),
        RoundTripCase(GetVehicleData(headLampStatus: true)),
        RoundTripCase(
            GetVehicleDataResponse(
                success: true, resultCode: .success,
                headLampStatus: HeadLampStatus(lowBeamsOn: true, highBeamsOn: false, ambientLightSensorStatus: .night))
        ),
        RoundTripCase(
            SetGlobalProperties(
                keyboardProperties: KeyboardProperties(
                    language: .enUs, keyboardLayout: .qwerty, keypressMode: .resendCurrentEntry,
                    autoCompleteList: ["Main Street", "Market Square"]))
        ),
        RoundTripCase(SetGlobalPropertiesResponse(success: true, resultCode: .success)),
        RoundTripCase(
            PerformInteraction(
                initialText: "Where to?", interactionMode: .manualOnly, interactionChoiceSetIDList: [], timeout: 30000,
                interactionLayout: .keyboard)
        ),
        RoundTripCase(
            PerformInteractionResponse(
                success: true, resultCode: .success, manualTextEntry: "Main Street", triggerSource: .keyboard)
        ),
        RoundTripCase(OnKeyboardInput(event: .keypress, data: "Main")),
        RoundTripCase(
            OnVehicleData(
                headLampStatus: HeadLampStatus(lowBeamsOn: false, highBeamsOn: false, ambientLightSensorStatus: .day))
        ),
        RoundTripCase(
            OnSystemRequest(
                requestType: .proprietary,
                requestSubType: "OEM",
                url: "https://example.com/policy?x=1",
                timeout: 10,
                fileType: .json,
                offset: 0,
                length: 42
            )
        ),
        RoundTripCase(OnHashChange(hashID: "0f3a")),
        RoundTripCase(OnLanguageChange(language: .frCa, hmiDisplayLanguage: .enGb)),
    ]

    @Test("encode then decode gives the same value", arguments: cases)
    func roundTrip(testCase: RoundTripCase) throws {
        #expect(try testCase.roundTrips(RPCCoder()))
    }

    @Test("each message travels under the function id the spec names it by", arguments: cases)
    func functionID(testCase: RoundTripCase) {
        let function =
            testCase.name.hasSuffix("Response") && testCase.name != "GenericResponse"
            ? String(testCase.name.dropLast("Response".count))
            : testCase.name
        #expect(testCase.functionID.name == function)
    }

    @Test("the table covers every generated function")
    func coversEveryFunction() throws {
        let directory = Fixture.packageRoot.appendingPathComponent("Sources/SDLRPC/Generated/Functions")
        let generated = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(".swift".count)) }
        let covered = Set(Self.cases.compactMap(\.functionID.name))
        #expect(generated.count == 25)
        #expect(Set(generated).subtracting(covered).isEmpty, "no round trip for \(Set(generated).subtracting(covered))")
    }

    @Test("encoding writes sorted keys and unescaped slashes")
    func exactEncoding() throws {
        let coder = RPCCoder()
        let request = GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true)
        #expect(
            String(decoding: try coder.encode(request), as: UTF8.self)
                == #"{"subscribe":true,"systemCapabilityType":"VIDEO_STREAMING"}"#
        )
        let notification = OnSystemRequest(requestType: .lockScreenIconUrl, url: "http://i.imgur.com/TgkvOIZ.png")
        #expect(
            String(decoding: try coder.encode(notification), as: UTF8.self)
                == #"{"requestType":"LOCK_SCREEN_ICON_URL","url":"http://i.imgur.com/TgkvOIZ.png"}"#
        )
        #expect(try coder.encode(UnregisterAppInterface()) == Array("{}".utf8))
    }
}
