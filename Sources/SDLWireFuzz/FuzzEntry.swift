// libFuzzer entry point for SDLWire (see docs/wire.md, "Fuzzing").
//
// Built with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DSDLWIRE_LIBFUZZER`, libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput` for every input. Built normally (as `swift build` does for the whole package), the same
// target is a replay tool: `SDLWireFuzz file...` runs the harness over saved inputs, such as a crash libFuzzer wrote.
import SDLWireFuzzSupport

#if SDLWIRE_LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let violations = WireFuzzHarness.exercise(bytes)
    precondition(violations.isEmpty, violations.joined(separator: "\n"))
    return 0
}
#else
import Foundation

@main
struct SDLWireFuzzReplay {
    static func main() throws {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: SDLWireFuzz FILE... (replays inputs through the SDLWire fuzz harness)")
            return
        }
        var failed = false
        for path in paths {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let violations = WireFuzzHarness.exercise(bytes)
            print("\(path): \(bytes.count) bytes, " + (violations.isEmpty ? "ok" : violations.joined(separator: "; ")))
            failed = failed || !violations.isEmpty
        }
        if failed { exit(1) }
    }
}
#endif
