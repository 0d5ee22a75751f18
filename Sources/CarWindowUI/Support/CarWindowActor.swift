/// The global actor that owns the view tree, the window and everything that touches them.
///
/// Views are classes with mutable state; isolating them all to one actor makes the tree safe to share between tasks
/// without locks. Rendering, touch dispatch, haptic region updates and gesture callbacks all run here, so an app
/// never sees a view callback on a random thread.
///
/// ```swift
/// @CarWindowActor
/// func buildScreen() -> View {
///     let label = Label(text: "Hello, car")
///     return label
/// }
/// ```
@globalActor
public actor CarWindowActor {
    /// The shared instance that isolates the view tree.
    public static let shared = CarWindowActor()

    private init() {}
}
