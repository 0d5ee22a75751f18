/// An ordered BSON document: keys in insertion order, as they go on the wire.
///
/// ```swift
/// var document = BSONDocument()
/// document["protocolVersion"] = .string("5.4.0")
/// let bytes = document.encoded()          // little-endian BSON
/// let back = try BSONDocument(decoding: bytes)
/// ```
public struct BSONDocument: Hashable, Sendable, CustomStringConvertible, ExpressibleByDictionaryLiteral {
    /// The elements in wire order.
    public private(set) var elements: [(key: String, value: BSONValue)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, BSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    public var isEmpty: Bool { elements.isEmpty }
    public var keys: [String] { elements.map(\.key) }

    /// Reads or replaces a key; assigning `nil` removes it. A new key goes to the end.
    public subscript(key: String) -> BSONValue? {
        get { elements.first { $0.key == key }?.value }
        set {
            if let index = elements.firstIndex(where: { $0.key == key }) {
                if let newValue { elements[index].value = newValue } else { elements.remove(at: index) }
            } else if let newValue {
                elements.append((key, newValue))
            }
        }
    }

    /// Appends a decoded element in constant time; a repeated key replaces the earlier value in place, as the
    /// subscript does. The subscript's linear search would make decoding a document of n keys cost n² (a 1 MiB payload
    /// holds some 200 000 keys), so the decoder keeps `positions`, each key's index, alongside.
    mutating func appendDecoded(key: String, value: BSONValue, positions: inout [String: Int]) {
        if let position = positions[key] {
            elements[position].value = value
        } else {
            positions[key] = elements.count
            elements.append((key, value))
        }
    }

    public static func == (lhs: BSONDocument, rhs: BSONDocument) -> Bool {
        lhs.elements.count == rhs.elements.count
            && zip(lhs.elements, rhs.elements).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for element in elements {
            hasher.combine(element.key)
            hasher.combine(element.value)
        }
    }

    public var description: String {
        "{" + elements.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
