public import SDLRPC

/// Where haptic rect updates go: the streaming integration sends them as `SendHapticData`.
///
/// ```swift
/// struct RPCHapticSink: HapticDataSink {
///     let session: Session
///     func send(_ request: SendHapticData) async { _ = try? await session.send(request) }
/// }
/// ```
public protocol HapticDataSink: Sendable {
    /// Sends one update; it replaces every rect sent before, and an empty array clears them.
    func send(_ request: SendHapticData) async
}
