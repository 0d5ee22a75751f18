import SDLRPC
import SDLWire

/// Names for the event log and the v1 envelope, from SDLRPC's table of every function the spec names.
enum FunctionNames {
    static func name(_ id: FunctionID) -> String { id.name ?? "FunctionID(\(id.rawValue))" }

    static func isKnown(_ id: FunctionID) -> Bool { id.name != nil && id.rawValue != 0 }
}
