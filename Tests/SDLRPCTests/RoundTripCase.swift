import SDLRPC
import SDLWire
import Testing

/// One model value to push through encode -> decode, type-erased so a table can hold many message types.
struct RoundTripCase: Sendable, CustomTestStringConvertible {
    let name: String
    let functionID: FunctionID
    /// Whether encode -> decode gives back an equal value.
    let roundTrips: @Sendable (RPCCoder) throws -> Bool

    var testDescription: String { name }

    init<Message: RPCMessage & Equatable>(_ message: Message) {
        name = String(describing: Message.self)
        functionID = Message.functionID
        roundTrips = { coder in try coder.decode(Message.self, from: coder.encode(message)) == message }
    }

    /// A case whose value is a decoded trace payload.
    init<Message: RPCMessage & Equatable>(fixture: String, as type: Message.Type) {
        name = fixture
        functionID = Message.functionID
        roundTrips = { coder in
            let message = try coder.decode(Message.self, from: Fixture.bytes(fixture))
            return try coder.decode(Message.self, from: coder.encode(message)) == message
        }
    }
}
