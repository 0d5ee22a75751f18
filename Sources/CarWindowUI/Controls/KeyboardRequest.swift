/// What a keyboard opens with: the text it shows first, suggestions, how long it waits, and whether it hides what
/// is typed.
///
/// ```swift
/// let request = KeyboardRequest(initialText: "Main Street", autoCompleteList: ["Main Street"])
/// ```
public struct KeyboardRequest: Hashable, Sendable {
    /// Shown when the keyboard opens (SDL's PerformInteraction `initialText`); empty lets the presenter choose a
    /// prompt.
    public var initialText: String
    /// Suggestions the keyboard offers (`keyboardProperties.autoCompleteList`).
    public var autoCompleteList: [String]
    /// How long the keyboard stays open without input (a head unit allows 5...100 s).
    public var timeout: Duration
    /// A password: the keyboard masks what is typed (`maskInputCharacters`).
    public var masksInput: Bool

    public init(
        initialText: String = "", autoCompleteList: [String] = [], timeout: Duration = .seconds(30),
        masksInput: Bool = false
    ) {
        self.initialText = initialText
        self.autoCompleteList = autoCompleteList
        self.timeout = timeout
        self.masksInput = masksInput
    }
}
