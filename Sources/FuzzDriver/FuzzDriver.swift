import Foundation

/// The `main` of a fuzz target: libFuzzer's driver in an instrumented build, a replay tool in a plain one. The wire
/// fuzzer (`SDLWireFuzz`) and the RPC fuzzer (`SDLRPCFuzz`) are each this driver and their harness.
///
/// Built with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DCARWINDOW_LIBFUZZER` (scripts/fuzz-wire.sh and
/// scripts/fuzz-rpc.sh), ``run(_:harness:testOneInput:)`` hands control to libFuzzer (`LLVMFuzzerRunDriver`), which
/// calls `testOneInput` for every input: SwiftPM links executables with its own `main` alias, so libFuzzer's own
/// `main` cannot be used. Built normally, as `swift build` does for the whole package, the same executable replays
/// saved inputs, such as a crash file libFuzzer wrote: `SDLWireFuzz FILE...`.
///
/// Each executable still defines `LLVMFuzzerTestOneInput` itself: `-sanitize=fuzzer` links the whole libFuzzer
/// archive, its unused `main` with it, and the system linker (gold) wants that `main`'s reference resolved. The
/// symbol cannot live here, since a C function cannot capture the harness.
///
/// ```swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
///     FuzzDriver.testOneInput(data, size, harness: WireFuzzHarness.exercise)
/// }
///
/// @main
/// struct SDLWireFuzzMain {
///     static func main() {
///         FuzzDriver.run("SDLWireFuzz", harness: WireFuzzHarness.exercise) { fuzzOneInput($0, $1) }
///     }
/// }
/// ```
public enum FuzzDriver {
    /// Runs one input through every check; returns the invariants that did not hold (empty when all is well).
    public typealias Harness = ([UInt8]) -> [String]
    /// libFuzzer's callback for one input: each target's `LLVMFuzzerTestOneInput`, around
    /// ``testOneInput(_:_:harness:)``.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// One libFuzzer input through `harness`: a broken invariant ends the process with its message, which libFuzzer
    /// reports as a crash and saves the input for.
    ///
    /// - Returns: 0, as libFuzzer expects of an input it may keep.
    public static func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int, harness: Harness) -> CInt {
        let violations = harness(Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)))
        // Not `precondition`: an optimised build drops its message, and the message is the finding.
        if !violations.isEmpty { fatalError(violations.joined(separator: "\n")) }
        return 0
    }

    /// The target's whole `main`: libFuzzer with its command line in an instrumented build, otherwise a replay of the
    /// files named on the command line (exit status 1 if any breaks an invariant or cannot be read).
    ///
    /// - Parameters:
    ///   - tool: the executable's name, for the usage line.
    ///   - harness: what a replay runs each file through.
    ///   - testOneInput: what libFuzzer runs each input through: the same harness, through
    ///     ``testOneInput(_:_:harness:)``.
    public static func run(_ tool: String, harness: Harness, testOneInput: TestOneInput) {
        #if CARWINDOW_LIBFUZZER
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(llvmFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
            replay(CommandLine.arguments.dropFirst(), tool: tool, harness: harness)
        #endif
    }

    /// Runs the harness over saved inputs; exits 1 if any breaks an invariant or cannot be read.
    static func replay(_ paths: ArraySlice<String>, tool: String, harness: Harness) {
        if paths.isEmpty {
            print("usage: \(tool) FILE... (replays inputs through its fuzz harness)")
            return
        }
        var failed = false
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                print("\(path): cannot be read: \(error.localizedDescription)")
                failed = true
                continue
            }
            let violations = harness(bytes)
            print("\(path): \(bytes.count) bytes, " + (violations.isEmpty ? "ok" : violations.joined(separator: "; ")))
            failed = failed || !violations.isEmpty
        }
        if failed { exit(1) }
    }
}

#if CARWINDOW_LIBFUZZER
    /// libFuzzer's entry for a program that has its own `main`; linked in only by `-sanitize=fuzzer`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: FuzzDriver.TestOneInput
    ) -> CInt
#endif
