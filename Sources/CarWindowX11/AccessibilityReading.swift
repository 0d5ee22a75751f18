/// One read of a projected program's accessibility tree: what a driver can touch, and the text field that has the
/// keyboard focus.
package struct AccessibilityReading: Hashable, Sendable {
    /// The touchable elements (screen coordinates).
    package var elements: [AccessibleElement]
    /// The focused editable text, if any.
    package var focusedText: FocusedTextField?

    package init(elements: [AccessibleElement] = [], focusedText: FocusedTextField? = nil) {
        self.elements = elements
        self.focusedText = focusedText
    }
}
