/// Where focus moves: one of four directions on screen (geometric, as tvOS's focus engine), or on and back in
/// reading order (top to bottom, then left to right), which a knob or TUNEUP/TUNEDOWN step through.
public enum FocusDirection: String, Hashable, Sendable, CaseIterable {
    case up
    case down
    case left
    case right
    /// The next item in reading order.
    case next
    /// The previous item in reading order.
    case previous
}
