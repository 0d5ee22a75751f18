// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Every function id the spec names, so logs can name any function, even those without a model here.
extension FunctionID {
    /// `RESERVED` (0x0).
    public static let reserved = FunctionID(rawValue: 0)
    /// `RegisterAppInterface` (0x1).
    public static let registerAppInterface = FunctionID(rawValue: 1)
    /// `UnregisterAppInterface` (0x2).
    public static let unregisterAppInterface = FunctionID(rawValue: 2)
    /// `SetGlobalProperties` (0x3).
    public static let setGlobalProperties = FunctionID(rawValue: 3)
    /// `ResetGlobalProperties` (0x4).
    public static let resetGlobalProperties = FunctionID(rawValue: 4)
    /// `AddCommand` (0x5).
    public static let addCommand = FunctionID(rawValue: 5)
    /// `DeleteCommand` (0x6).
    public static let deleteCommand = FunctionID(rawValue: 6)
    /// `AddSubMenu` (0x7).
    public static let addSubMenu = FunctionID(rawValue: 7)
    /// `DeleteSubMenu` (0x8).
    public static let deleteSubMenu = FunctionID(rawValue: 8)
    /// `CreateInteractionChoiceSet` (0x9).
    public static let createInteractionChoiceSet = FunctionID(rawValue: 9)
    /// `PerformInteraction` (0xA).
    public static let performInteraction = FunctionID(rawValue: 10)
    /// `DeleteInteractionChoiceSet` (0xB).
    public static let deleteInteractionChoiceSet = FunctionID(rawValue: 11)
    /// `Alert` (0xC).
    public static let alert = FunctionID(rawValue: 12)
    /// `Show` (0xD).
    public static let show = FunctionID(rawValue: 13)
    /// `Speak` (0xE).
    public static let speak = FunctionID(rawValue: 14)
    /// `SetMediaClockTimer` (0xF).
    public static let setMediaClockTimer = FunctionID(rawValue: 15)
    /// `PerformAudioPassThru` (0x10).
    public static let performAudioPassThru = FunctionID(rawValue: 16)
    /// `EndAudioPassThru` (0x11).
    public static let endAudioPassThru = FunctionID(rawValue: 17)
    /// `SubscribeButton` (0x12).
    public static let subscribeButton = FunctionID(rawValue: 18)
    /// `UnsubscribeButton` (0x13).
    public static let unsubscribeButton = FunctionID(rawValue: 19)
    /// `SubscribeVehicleData` (0x14).
    public static let subscribeVehicleData = FunctionID(rawValue: 20)
    /// `UnsubscribeVehicleData` (0x15).
    public static let unsubscribeVehicleData = FunctionID(rawValue: 21)
    /// `GetVehicleData` (0x16).
    public static let getVehicleData = FunctionID(rawValue: 22)
    /// `ReadDID` (0x17).
    public static let readDID = FunctionID(rawValue: 23)
    /// `GetDTCs` (0x18).
    public static let getDTCs = FunctionID(rawValue: 24)
    /// `ScrollableMessage` (0x19).
    public static let scrollableMessage = FunctionID(rawValue: 25)
    /// `Slider` (0x1A).
    public static let slider = FunctionID(rawValue: 26)
    /// `ShowConstantTBT` (0x1B).
    public static let showConstantTBT = FunctionID(rawValue: 27)
    /// `AlertManeuver` (0x1C).
    public static let alertManeuver = FunctionID(rawValue: 28)
    /// `UpdateTurnList` (0x1D).
    public static let updateTurnList = FunctionID(rawValue: 29)
    /// `ChangeRegistration` (0x1E).
    public static let changeRegistration = FunctionID(rawValue: 30)
    /// `GenericResponse` (0x1F).
    public static let genericResponse = FunctionID(rawValue: 31)
    /// `PutFile` (0x20).
    public static let putFile = FunctionID(rawValue: 32)
    /// `DeleteFile` (0x21).
    public static let deleteFile = FunctionID(rawValue: 33)
    /// `ListFiles` (0x22).
    public static let listFiles = FunctionID(rawValue: 34)
    /// `SetAppIcon` (0x23).
    public static let setAppIcon = FunctionID(rawValue: 35)
    /// `SetDisplayLayout` (0x24).
    public static let setDisplayLayout = FunctionID(rawValue: 36)
    /// `DiagnosticMessage` (0x25).
    public static let diagnosticMessage = FunctionID(rawValue: 37)
    /// `SystemRequest` (0x26).
    public static let systemRequest = FunctionID(rawValue: 38)
    /// `SendLocation` (0x27).
    public static let sendLocation = FunctionID(rawValue: 39)
    /// `DialNumber` (0x28).
    public static let dialNumber = FunctionID(rawValue: 40)
    /// `ButtonPress` (0x29).
    public static let buttonPress = FunctionID(rawValue: 41)
    /// `GetInteriorVehicleData` (0x2B).
    public static let getInteriorVehicleData = FunctionID(rawValue: 43)
    /// `SetInteriorVehicleData` (0x2C).
    public static let setInteriorVehicleData = FunctionID(rawValue: 44)
    /// `GetWayPoints` (0x2D).
    public static let getWayPoints = FunctionID(rawValue: 45)
    /// `SubscribeWayPoints` (0x2E).
    public static let subscribeWayPoints = FunctionID(rawValue: 46)
    /// `UnsubscribeWayPoints` (0x2F).
    public static let unsubscribeWayPoints = FunctionID(rawValue: 47)
    /// `GetSystemCapability` (0x30).
    public static let getSystemCapability = FunctionID(rawValue: 48)
    /// `SendHapticData` (0x31).
    public static let sendHapticData = FunctionID(rawValue: 49)
    /// `SetCloudAppProperties` (0x32).
    public static let setCloudAppProperties = FunctionID(rawValue: 50)
    /// `GetCloudAppProperties` (0x33).
    public static let getCloudAppProperties = FunctionID(rawValue: 51)
    /// `PublishAppService` (0x34).
    public static let publishAppService = FunctionID(rawValue: 52)
    /// `GetAppServiceData` (0x35).
    public static let getAppServiceData = FunctionID(rawValue: 53)
    /// `GetFile` (0x36).
    public static let getFile = FunctionID(rawValue: 54)
    /// `PerformAppServiceInteraction` (0x37).
    public static let performAppServiceInteraction = FunctionID(rawValue: 55)
    /// `UnpublishAppService` (0x38).
    public static let unpublishAppService = FunctionID(rawValue: 56)
    /// `CancelInteraction` (0x39).
    public static let cancelInteraction = FunctionID(rawValue: 57)
    /// `CloseApplication` (0x3A).
    public static let closeApplication = FunctionID(rawValue: 58)
    /// `ShowAppMenu` (0x3B).
    public static let showAppMenu = FunctionID(rawValue: 59)
    /// `CreateWindow` (0x3C).
    public static let createWindow = FunctionID(rawValue: 60)
    /// `DeleteWindow` (0x3D).
    public static let deleteWindow = FunctionID(rawValue: 61)
    /// `GetInteriorVehicleDataConsent` (0x3E).
    public static let getInteriorVehicleDataConsent = FunctionID(rawValue: 62)
    /// `ReleaseInteriorVehicleDataModule` (0x3F).
    public static let releaseInteriorVehicleDataModule = FunctionID(rawValue: 63)
    /// `SubtleAlert` (0x40).
    public static let subtleAlert = FunctionID(rawValue: 64)
    /// `OnHMIStatus` (0x8000).
    public static let onHMIStatus = FunctionID(rawValue: 32768)
    /// `OnAppInterfaceUnregistered` (0x8001).
    public static let onAppInterfaceUnregistered = FunctionID(rawValue: 32769)
    /// `OnButtonEvent` (0x8002).
    public static let onButtonEvent = FunctionID(rawValue: 32770)
    /// `OnButtonPress` (0x8003).
    public static let onButtonPress = FunctionID(rawValue: 32771)
    /// `OnVehicleData` (0x8004).
    public static let onVehicleData = FunctionID(rawValue: 32772)
    /// `OnCommand` (0x8005).
    public static let onCommand = FunctionID(rawValue: 32773)
    /// `OnTBTClientState` (0x8006).
    public static let onTBTClientState = FunctionID(rawValue: 32774)
    /// `OnDriverDistraction` (0x8007).
    public static let onDriverDistraction = FunctionID(rawValue: 32775)
    /// `OnPermissionsChange` (0x8008).
    public static let onPermissionsChange = FunctionID(rawValue: 32776)
    /// `OnAudioPassThru` (0x8009).
    public static let onAudioPassThru = FunctionID(rawValue: 32777)
    /// `OnLanguageChange` (0x800A).
    public static let onLanguageChange = FunctionID(rawValue: 32778)
    /// `OnKeyboardInput` (0x800B).
    public static let onKeyboardInput = FunctionID(rawValue: 32779)
    /// `OnTouchEvent` (0x800C).
    public static let onTouchEvent = FunctionID(rawValue: 32780)
    /// `OnSystemRequest` (0x800D).
    public static let onSystemRequest = FunctionID(rawValue: 32781)
    /// `OnHashChange` (0x800E).
    public static let onHashChange = FunctionID(rawValue: 32782)
    /// `OnInteriorVehicleData` (0x800F).
    public static let onInteriorVehicleData = FunctionID(rawValue: 32783)
    /// `OnWayPointChange` (0x8010).
    public static let onWayPointChange = FunctionID(rawValue: 32784)
    /// `OnRCStatus` (0x8011).
    public static let onRCStatus = FunctionID(rawValue: 32785)
    /// `OnAppServiceData` (0x8012).
    public static let onAppServiceData = FunctionID(rawValue: 32786)
    /// `OnSystemCapabilityUpdated` (0x8013).
    public static let onSystemCapabilityUpdated = FunctionID(rawValue: 32787)
    /// `OnSubtleAlertPressed` (0x8014).
    public static let onSubtleAlertPressed = FunctionID(rawValue: 32788)
    /// `OnUpdateFile` (0x8015).
    public static let onUpdateFile = FunctionID(rawValue: 32789)
    /// `OnUpdateSubMenu` (0x8016).
    public static let onUpdateSubMenu = FunctionID(rawValue: 32790)
    /// `OnAppCapabilityUpdated` (0x8017).
    public static let onAppCapabilityUpdated = FunctionID(rawValue: 32791)
    /// `EncodedSyncPData` (0x10000).
    public static let encodedSyncPData = FunctionID(rawValue: 65536)
    /// `SyncPData` (0x10001).
    public static let syncPData = FunctionID(rawValue: 65537)
    /// `OnEncodedSyncPData` (0x18000).
    public static let onEncodedSyncPData = FunctionID(rawValue: 98304)
    /// `OnSyncPData` (0x18001).
    public static let onSyncPData = FunctionID(rawValue: 98305)

    /// The spec's name for this id without the `ID` suffix (`"OnHMIStatus"`), or nil for an unknown id.
    ///
    /// ```swift
    /// FunctionID(rawValue: 0x8000).name   // "OnHMIStatus"
    /// ```
    public var name: String? {
        switch rawValue {
        case 0: "RESERVED"
        case 1: "RegisterAppInterface"
        case 2: "UnregisterAppInterface"
        case 3: "SetGlobalProperties"
        case 4: "ResetGlobalProperties"
        case 5: "AddCommand"
        case 6: "DeleteCommand"
        case 7: "AddSubMenu"
        case 8: "DeleteSubMenu"
        case 9: "CreateInteractionChoiceSet"
        case 10: "PerformInteraction"
        case 11: "DeleteInteractionChoiceSet"
        case 12: "Alert"
        case 13: "Show"
        case 14: "Speak"
        case 15: "SetMediaClockTimer"
        case 16: "PerformAudioPassThru"
        case 17: "EndAudioPassThru"
        case 18: "SubscribeButton"
        case 19: "UnsubscribeButton"
        case 20: "SubscribeVehicleData"
        case 21: "UnsubscribeVehicleData"
        case 22: "GetVehicleData"
        case 23: "ReadDID"
        case 24: "GetDTCs"
        case 25: "ScrollableMessage"
        case 26: "Slider"
        case 27: "ShowConstantTBT"
        case 28: "AlertManeuver"
        case 29: "UpdateTurnList"
        case 30: "ChangeRegistration"
        case 31: "GenericResponse"
        case 32: "PutFile"
        case 33: "DeleteFile"
        case 34: "ListFiles"
        case 35: "SetAppIcon"
        case 36: "SetDisplayLayout"
        case 37: "DiagnosticMessage"
        case 38: "SystemRequest"
        case 39: "SendLocation"
        case 40: "DialNumber"
        case 41: "ButtonPress"
        case 43: "GetInteriorVehicleData"
        case 44: "SetInteriorVehicleData"
        case 45: "GetWayPoints"
        case 46: "SubscribeWayPoints"
        case 47: "UnsubscribeWayPoints"
        case 48: "GetSystemCapability"
        case 49: "SendHapticData"
        case 50: "SetCloudAppProperties"
        case 51: "GetCloudAppProperties"
        case 52: "PublishAppService"
        case 53: "GetAppServiceData"
        case 54: "GetFile"
        case 55: "PerformAppServiceInteraction"
        case 56: "UnpublishAppService"
        case 57: "CancelInteraction"
        case 58: "CloseApplication"
        case 59: "ShowAppMenu"
        case 60: "CreateWindow"
        case 61: "DeleteWindow"
        case 62: "GetInteriorVehicleDataConsent"
        case 63: "ReleaseInteriorVehicleDataModule"
        case 64: "SubtleAlert"
        case 32768: "OnHMIStatus"
        case 32769: "OnAppInterfaceUnregistered"
        case 32770: "OnButtonEvent"
        case 32771: "OnButtonPress"
        case 32772: "OnVehicleData"
        case 32773: "OnCommand"
        case 32774: "OnTBTClientState"
        case 32775: "OnDriverDistraction"
        case 32776: "OnPermissionsChange"
        case 32777: "OnAudioPassThru"
        case 32778: "OnLanguageChange"
        case 32779: "OnKeyboardInput"
        case 32780: "OnTouchEvent"
        case 32781: "OnSystemRequest"
        case 32782: "OnHashChange"
        case 32783: "OnInteriorVehicleData"
        case 32784: "OnWayPointChange"
        case 32785: "OnRCStatus"
        case 32786: "OnAppServiceData"
        case 32787: "OnSystemCapabilityUpdated"
        case 32788: "OnSubtleAlertPressed"
        case 32789: "OnUpdateFile"
        case 32790: "OnUpdateSubMenu"
        case 32791: "OnAppCapabilityUpdated"
        case 65536: "EncodedSyncPData"
        case 65537: "SyncPData"
        case 98304: "OnEncodedSyncPData"
        case 98305: "OnSyncPData"
        default: nil
        }
    }

    /// The id the spec gives this name without the `ID` suffix, or nil for a name the spec does not have.
    ///
    /// ```swift
    /// FunctionID(name: "OnHMIStatus")   // FunctionID(rawValue: 0x8000)
    /// ```
    public init?(name: String) {
        switch name {
        case "RESERVED": self.init(rawValue: 0)
        case "RegisterAppInterface": self.init(rawValue: 1)
        case "UnregisterAppInterface": self.init(rawValue: 2)
        case "SetGlobalProperties": self.init(rawValue: 3)
        case "ResetGlobalProperties": self.init(rawValue: 4)
        case "AddCommand": self.init(rawValue: 5)
        case "DeleteCommand": self.init(rawValue: 6)
        case "AddSubMenu": self.init(rawValue: 7)
        case "DeleteSubMenu": self.init(rawValue: 8)
        case "CreateInteractionChoiceSet": self.init(rawValue: 9)
        case "PerformInteraction": self.init(rawValue: 10)
        case "DeleteInteractionChoiceSet": self.init(rawValue: 11)
        case "Alert": self.init(rawValue: 12)
        case "Show": self.init(rawValue: 13)
        case "Speak": self.init(rawValue: 14)
        case "SetMediaClockTimer": self.init(rawValue: 15)
        case "PerformAudioPassThru": self.init(rawValue: 16)
        case "EndAudioPassThru": self.init(rawValue: 17)
        case "SubscribeButton": self.init(rawValue: 18)
        case "UnsubscribeButton": self.init(rawValue: 19)
        case "SubscribeVehicleData": self.init(rawValue: 20)
        case "UnsubscribeVehicleData": self.init(rawValue: 21)
        case "GetVehicleData": self.init(rawValue: 22)
        case "ReadDID": self.init(rawValue: 23)
        case "GetDTCs": self.init(rawValue: 24)
        case "ScrollableMessage": self.init(rawValue: 25)
        case "Slider": self.init(rawValue: 26)
        case "ShowConstantTBT": self.init(rawValue: 27)
        case "AlertManeuver": self.init(rawValue: 28)
        case "UpdateTurnList": self.init(rawValue: 29)
        case "ChangeRegistration": self.init(rawValue: 30)
        case "GenericResponse": self.init(rawValue: 31)
        case "PutFile": self.init(rawValue: 32)
        case "DeleteFile": self.init(rawValue: 33)
        case "ListFiles": self.init(rawValue: 34)
        case "SetAppIcon": self.init(rawValue: 35)
        case "SetDisplayLayout": self.init(rawValue: 36)
        case "DiagnosticMessage": self.init(rawValue: 37)
        case "SystemRequest": self.init(rawValue: 38)
        case "SendLocation": self.init(rawValue: 39)
        case "DialNumber": self.init(rawValue: 40)
        case "ButtonPress": self.init(rawValue: 41)
        case "GetInteriorVehicleData": self.init(rawValue: 43)
        case "SetInteriorVehicleData": self.init(rawValue: 44)
        case "GetWayPoints": self.init(rawValue: 45)
        case "SubscribeWayPoints": self.init(rawValue: 46)
        case "UnsubscribeWayPoints": self.init(rawValue: 47)
        case "GetSystemCapability": self.init(rawValue: 48)
        case "SendHapticData": self.init(rawValue: 49)
        case "SetCloudAppProperties": self.init(rawValue: 50)
        case "GetCloudAppProperties": self.init(rawValue: 51)
        case "PublishAppService": self.init(rawValue: 52)
        case "GetAppServiceData": self.init(rawValue: 53)
        case "GetFile": self.init(rawValue: 54)
        case "PerformAppServiceInteraction": self.init(rawValue: 55)
        case "UnpublishAppService": self.init(rawValue: 56)
        case "CancelInteraction": self.init(rawValue: 57)
        case "CloseApplication": self.init(rawValue: 58)
        case "ShowAppMenu": self.init(rawValue: 59)
        case "CreateWindow": self.init(rawValue: 60)
        case "DeleteWindow": self.init(rawValue: 61)
        case "GetInteriorVehicleDataConsent": self.init(rawValue: 62)
        case "ReleaseInteriorVehicleDataModule": self.init(rawValue: 63)
        case "SubtleAlert": self.init(rawValue: 64)
        case "OnHMIStatus": self.init(rawValue: 32768)
        case "OnAppInterfaceUnregistered": self.init(rawValue: 32769)
        case "OnButtonEvent": self.init(rawValue: 32770)
        case "OnButtonPress": self.init(rawValue: 32771)
        case "OnVehicleData": self.init(rawValue: 32772)
        case "OnCommand": self.init(rawValue: 32773)
        case "OnTBTClientState": self.init(rawValue: 32774)
        case "OnDriverDistraction": self.init(rawValue: 32775)
        case "OnPermissionsChange": self.init(rawValue: 32776)
        case "OnAudioPassThru": self.init(rawValue: 32777)
        case "OnLanguageChange": self.init(rawValue: 32778)
        case "OnKeyboardInput": self.init(rawValue: 32779)
        case "OnTouchEvent": self.init(rawValue: 32780)
        case "OnSystemRequest": self.init(rawValue: 32781)
        case "OnHashChange": self.init(rawValue: 32782)
        case "OnInteriorVehicleData": self.init(rawValue: 32783)
        case "OnWayPointChange": self.init(rawValue: 32784)
        case "OnRCStatus": self.init(rawValue: 32785)
        case "OnAppServiceData": self.init(rawValue: 32786)
        case "OnSystemCapabilityUpdated": self.init(rawValue: 32787)
        case "OnSubtleAlertPressed": self.init(rawValue: 32788)
        case "OnUpdateFile": self.init(rawValue: 32789)
        case "OnUpdateSubMenu": self.init(rawValue: 32790)
        case "OnAppCapabilityUpdated": self.init(rawValue: 32791)
        case "EncodedSyncPData": self.init(rawValue: 65536)
        case "SyncPData": self.init(rawValue: 65537)
        case "OnEncodedSyncPData": self.init(rawValue: 98304)
        case "OnSyncPData": self.init(rawValue: 98305)
        default: return nil
        }
    }
}
