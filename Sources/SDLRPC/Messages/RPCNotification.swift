/// A one-way message with no response, sent by the head unit (e.g. `OnHMIStatus`) or by the app
/// (e.g. `OnAppCapabilityUpdated`).
///
/// ```swift
/// let status = try RPCCoder().decode(OnHMIStatus.self, from: bytes)
/// if status.hmiLevel == .full && status.isMainWindow { /* start streaming */ }
/// ```
public protocol RPCNotification: RPCMessage {}
