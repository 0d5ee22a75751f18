// libFuzzer entry point for SDLWire (see docs/wire.md, "Fuzzing"): the shared driver (Sources/FuzzDriver) and the
// harness. `SDLWireFuzz FILE...` from a plain build replays saved inputs.
import FuzzDriver
import SDLWireFuzzSupport

// Here, not in the driver: gold needs the symbol for libFuzzer's unused `main` (FuzzDriver says why).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.testOneInput(data, size, harness: WireFuzzHarness.exercise)
}

@main
struct SDLWireFuzzMain {
    static func main() {
        FuzzDriver.run("SDLWireFuzz", harness: WireFuzzHarness.exercise) { fuzzOneInput($0, $1) }
    }
}
