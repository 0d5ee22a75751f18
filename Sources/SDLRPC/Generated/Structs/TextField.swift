// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct TextField: Codable, Hashable, Sendable {
    /// The name that identifies the field. See TextFieldName.
    public var name: TextFieldName

    /// The set of characters that are supported by this text field. All text is sent in UTF-8 format, but not all
    /// systems may support all of the characters expressed by UTF-8. All systems will support at least ASCII, but they
    /// may support more, either the LATIN-1 character set, or the full UTF-8 character set.
    public var characterSet: CharacterSet

    /// The number of characters in one row of this field. Range 1...500.
    public var width: Int

    /// The number of rows of this field. Range 1...8.
    public var rows: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(name: TextFieldName, characterSet: CharacterSet, width: Int, rows: Int) {
        self.name = name
        self.characterSet = characterSet
        self.width = width
        self.rows = rows
    }
}
