/// Which of a session's two transports carries something: the primary (where the session started) or the secondary
/// the head unit offered (protocol spec §4.6). The raw values are the numbers the StartServiceACK's
/// `videoServiceTransports` and `audioServiceTransports` lists use.
///
/// ```swift
/// let preferred = ack.videoServiceTransports?.compactMap { TransportSlot(rawValue: Int($0)) }   // [.secondary, .primary]
/// ```
public enum TransportSlot: Int, Hashable, Sendable, CustomStringConvertible {
    case primary = 1
    case secondary = 2

    public var description: String {
        switch self {
        case .primary: "primary"
        case .secondary: "secondary"
        }
    }
}
