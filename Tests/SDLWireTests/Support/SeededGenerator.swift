import CarWindowTestingTools

extension SeededGenerator {
    /// The seed from `SDLWIRE_SEED`, or `fallback`: the one variable every SDLWire property test replays from.
    static func seed(for test: String, fallback: UInt64) -> UInt64 {
        seed(for: test, variable: "SDLWIRE_SEED", fallback: fallback)
    }
}
