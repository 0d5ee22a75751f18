import ArgumentParser
import Foundation

/// An option value that is a comma-separated list of one enumerated type, as `--formats H264:RAW,H264:RTP` and
/// `--force-protected video,audio` take: `--help` lists the element's values, and an unknown element is refused with
/// them.
///
/// ```swift
/// let services = CommaSeparated<ProtectedService>(argument: "video,audio")
/// services?.elements   // [.video, .audio]
/// ```
struct CommaSeparated<Element: ExpressibleByArgument & Hashable & Sendable>: Hashable, Sendable, ExpressibleByArgument {
    var elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
    }

    /// `nil` when the list is empty or any element is not one of `Element`'s values.
    init?(argument: String) {
        var elements: [Element] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let element = Element(argument: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            elements.append(element)
        }
        guard !elements.isEmpty else { return nil }
        self.elements = elements
    }

    static var allValueStrings: [String] { Element.allValueStrings }

    var defaultValueDescription: String { elements.map(\.defaultValueDescription).joined(separator: ",") }
}
