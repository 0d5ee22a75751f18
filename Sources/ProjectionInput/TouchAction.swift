/// What the recognizer asks its owner to do: deliver a gesture, or update a pressed control. A
/// `ProjectionSource` receives them in order, from the projection's one recognizer, through its `received(_:)`.
///
/// ```swift
/// func received(_ action: TouchAction) async {
///     if case .gesture(.doubleTap(let point)) = action { await map.zoomIn(at: point) }
/// }
/// ```
public enum TouchAction: Hashable, Sendable {
    /// A recognised gesture.
    case gesture(Gesture)
    /// A single finger touched down: highlight what is under it.
    case pressBegan(at: Point)
    /// The press is over: it ended as a tap (`isTap`), or became a pan or pinch, or was cancelled.
    case pressEnded(at: Point, isTap: Bool)
}
