import HeadUnit

/// The emulator's HMI level, named apart from SDLRPC's `HMILevel` (this file imports only `HeadUnit`).
typealias EmulatorHMILevel = HMILevel
