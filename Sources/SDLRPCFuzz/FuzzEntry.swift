// libFuzzer entry point for the RPC models and the emulator's app handling (see docs/rpc.md, "Fuzzing"): the shared
// driver (Sources/FuzzDriver) and the harness. `SDLRPCFuzz FILE...` from a plain build replays saved inputs.
import FuzzDriver
import SDLRPCFuzzSupport

// Here, not in the driver: gold needs the symbol for libFuzzer's unused `main` (FuzzDriver says why).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.testOneInput(data, size, harness: RPCFuzzHarness.exercise)
}

@main
struct SDLRPCFuzzMain {
    static func main() {
        FuzzDriver.run("SDLRPCFuzz", harness: RPCFuzzHarness.exercise) { fuzzOneInput($0, $1) }
    }
}
