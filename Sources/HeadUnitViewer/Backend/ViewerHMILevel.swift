/// The HMI level the viewer can give the app (MOBILE_API.xml `HMILevel`).
///
/// A closed enum: these are the four levels the viewer's control offers, and the JSON uses the wire names.
///
/// ```swift
/// try await backend.perform(.setHMILevel(.limited))
/// ```
public enum ViewerHMILevel: String, Sendable, Hashable, Codable, CaseIterable {
    case full = "FULL"
    case limited = "LIMITED"
    case background = "BACKGROUND"
    case none = "NONE"
}

/// The app's own lifecycle state on the phone, which the head unit cannot set.
///
/// The viewer offers it as a control anyway: the backend passes it on to whoever runs the app (the demo app
/// subscribes to it), so a developer can see what backgrounding the phone app does to the stream.
///
/// ```swift
/// try await backend.perform(.setAppState(.background))
/// ```
public enum ViewerAppState: String, Sendable, Hashable, Codable, CaseIterable {
    case foreground = "FOREGROUND"
    case background = "BACKGROUND"
}
