/// Whether a projection's look is meant for daylight or for the dark: the theme value a CarWindow `Theme` is made
/// for, what the run reports when the source switches (`ProjectionEvent.appearance(_:)`, the `--events`
/// `appearance` line) and what a projected X11 program is told.
///
/// ```swift
/// for await case .appearance(let appearance) in await streaming.events() {
///     print(appearance)   // night
/// }
/// ```
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case day
    case night
}
