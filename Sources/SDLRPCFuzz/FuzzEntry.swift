// libFuzzer entry point for the RPC models and the emulator's app handling (see docs/rpc.md, "Fuzzing").
//
// Built with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DSDLRPC_LIBFUZZER`, `main` hands control to libFuzzer
// (`LLVMFuzzerRunDriver`), which calls `LLVMFuzzerTestOneInput` for every input. SwiftPM links executables with its
// own `main` alias, so libFuzzer's `main` cannot be used directly. Built normally (as `swift build` does for the whole
// package), the same target is a replay tool: `SDLRPCFuzz FILE...` runs the harness over saved inputs, such as a
// crash file libFuzzer wrote.
import Foundation
import SDLRPCFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let violations = RPCFuzzHarness.exercise(bytes)
    // Not `precondition`: an optimised build drops its message, and the message is the finding.
    if !violations.isEmpty { fatalError(violations.joined(separator: "\n")) }
    return 0
}

#if SDLRPC_LIBFUZZER
    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

@main
struct SDLRPCFuzzMain {
    static func main() throws {
        #if SDLRPC_LIBFUZZER
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(llvmFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
            try replay(CommandLine.arguments.dropFirst())
        #endif
    }

    /// Runs the harness over saved inputs; exits 1 if any breaks an invariant.
    static func replay(_ paths: ArraySlice<String>) throws {
        if paths.isEmpty {
            print("usage: SDLRPCFuzz FILE... (replays inputs through the RPC fuzz harness)")
            return
        }
        var failed = false
        for path in paths {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let violations = RPCFuzzHarness.exercise(bytes)
            print("\(path): \(bytes.count) bytes, " + (violations.isEmpty ? "ok" : violations.joined(separator: "; ")))
            failed = failed || !violations.isEmpty
        }
        if failed { exit(1) }
    }
}
