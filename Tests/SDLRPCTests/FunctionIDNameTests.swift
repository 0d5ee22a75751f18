import SDLRPC
import SDLWire
import Testing

@Suite("Function ids")
struct FunctionIDNameTests {
    @Test(
        "named constants carry the spec's values and names",
        arguments: [
            (FunctionID.reserved, UInt32(0), "RESERVED"),
            (.registerAppInterface, 1, "RegisterAppInterface"),
            (.genericResponse, 0x1F, "GenericResponse"),
            (.getSystemCapability, 0x30, "GetSystemCapability"),
            (.sendHapticData, 0x31, "SendHapticData"),
            (.subtleAlert, 0x40, "SubtleAlert"),
            (.onHMIStatus, 0x8000, "OnHMIStatus"),
            (.onTouchEvent, 0x800C, "OnTouchEvent"),
            (.onAppCapabilityUpdated, 0x8017, "OnAppCapabilityUpdated"),
            (.encodedSyncPData, 0x10000, "EncodedSyncPData"),
            (.onSyncPData, 0x18001, "OnSyncPData"),
        ])
    func named(id: FunctionID, rawValue: UInt32, name: String) {
        #expect(id.rawValue == rawValue)
        #expect(id.name == name)
        #expect(FunctionID(rawValue: rawValue).name == name)
        #expect(FunctionID(name: name) == id, "the name leads back to the id")
    }

    @Test("a name the spec does not have gives no id", arguments: ["", "SendHaptics", "onHMIStatus", "OnHMIStatusID"])
    func unknownName(name: String) {
        #expect(FunctionID(name: name) == nil)
    }

    @Test("an id the spec does not name has no name", arguments: [UInt32(42), 0x41, 0x8FFF, 0x0FFF_FFFF])
    func unnamed(rawValue: UInt32) {
        #expect(FunctionID(rawValue: rawValue).name == nil)
    }
}
