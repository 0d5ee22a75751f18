public import CarWindow
public import Observation

/// The demo's settings, an `@Observable` model: the settings sheet's controls write it, and views that read it
/// (the summary label) update by themselves through `View.observe(_:)`.
///
/// ```swift
/// let settings = DemoSettings()
/// summary.observe { [weak summary] in summary?.text = settings.summary }
/// settings.avoidTolls = true          // the label redraws on the next frame
/// ```
@Observable
@CarWindowActor
public final class DemoSettings {
    public var avoidTolls = false
    /// Map detail, 0...1.
    public var detail = 0.6
    public var appearance: Appearance = .day

    public init() {}

    /// One line for the status bar.
    public var summary: String {
        "\(avoidTolls ? "Tolls avoided" : "Tolls allowed") · detail \(Int((detail * 100).rounded()))% · \(appearance)"
    }
}
