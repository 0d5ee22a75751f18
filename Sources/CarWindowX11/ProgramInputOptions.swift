public import struct SDLRPC.ButtonName

/// How touch gestures become a projected program's input: XTEST on X11, the virtual pointer and keyboard on Wayland.
/// Taps are always clicks.
///
/// ```swift
/// let options = ProgramInputOptions(pan: .scroll, pinch: .off)
/// var withKeys = ProgramInputOptions()
/// withKeys.buttons[.navZoomIn] = try X11KeyStroke(parsing: "ctrl+plus")
/// ```
public struct ProgramInputOptions: Hashable, Sendable {
    /// What a one-finger pan does.
    public enum Pan: String, Hashable, Sendable, CaseIterable {
        /// Button 1 held from where the finger touched, moved with it, released where it lifts (drag, select).
        case drag
        /// Wheel steps (buttons 4/5, 6/7), one per ``ProgramInputOptions/scrollStep`` pixels moved, at the finger.
        case scroll
    }

    /// What a two-finger pinch does. XTEST has one pointer, so there is no true multi-touch.
    public enum Pinch: String, Hashable, Sendable, CaseIterable {
        /// Control + wheel steps at the pinch centre: zoom in browsers, editors and viewers.
        case ctrlScroll = "ctrl-scroll"
        /// Pinches are ignored.
        case off
    }

    public var pan: Pan
    public var pinch: Pinch
    /// Pixels of finger movement per wheel step.
    public var scrollStep: Double
    /// Scale change per Ctrl+wheel step (1.25: five steps double the size).
    public var zoomStep: Double
    /// What a press (short or long) of each head-unit button sends; a button not here is not the program's.
    public var buttons: [ButtonName: X11KeyStroke] = [:]

    public init(pan: Pan = .drag, pinch: Pinch = .ctrlScroll, scrollStep: Double = 24, zoomStep: Double = 1.25) {
        self.pan = pan
        self.pinch = pinch
        self.scrollStep = max(1, scrollStep)
        self.zoomStep = max(1.01, zoomStep)
    }
}
