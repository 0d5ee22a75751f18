import HeadUnit

/// The emulator's HMI level. `SDLRPC` names an `HMILevel` too, and the module `HeadUnit` shares its name with its
/// actor, so `HeadUnit.HMILevel` cannot be spelled; this file imports only `HeadUnit`.
typealias EmulatorHMILevel = HMILevel
