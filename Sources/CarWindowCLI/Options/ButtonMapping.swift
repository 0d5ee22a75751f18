import ArgumentParser
import CarWindowX11
import Foundation
import SDLRPC

/// One `--button NAME=KEYS` of `carwindow project`: what a head-unit button sends to the projected X11 program.
/// `KEYS` is an ``X11KeyStroke`` (`ctrl+plus`, `Return`, `wheel-down`), or `none` to drop a default.
///
/// ```swift
/// let mapping = try ButtonMapping(parsing: "NAV_ZOOM_IN=ctrl+plus")
/// ```
struct ButtonMapping: Hashable, Sendable {
    var button: ButtonName
    /// `nil`: the button is not mapped (`none`).
    var stroke: X11KeyStroke?

    /// - Throws: `ValidationError` saying which half is wrong.
    init(parsing text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ValidationError("--button takes NAME=KEYS, e.g. NAV_ZOOM_IN=ctrl+plus or OK=Return, not '\(text)'.")
        }
        let name = ButtonName(rawValue: parts[0].trimmingCharacters(in: .whitespaces).uppercased())
        guard ButtonName.specified.contains(name) else {
            throw ValidationError(
                "--button \(text): '\(parts[0])' is not a button of the RPC spec (OK, SEARCH, NAV_ZOOM_IN, ...).")
        }
        button = name
        let keys = parts[1].trimmingCharacters(in: .whitespaces)
        if keys.lowercased() == "none" {
            stroke = nil
            return
        }
        do {
            stroke = try X11KeyStroke(parsing: keys)
        } catch {
            throw ValidationError("--button \(text): \(error).")
        }
    }

    /// What a press sends when no `--button` says otherwise: keys maps and browsers share.
    static let defaults: [ButtonName: String] = [
        .ok: "Return", .search: "ctrl+f", .navZoomIn: "ctrl+plus", .navZoomOut: "ctrl+minus", .navPanUp: "Up",
        .navPanDown: "Down", .navPanLeft: "Left", .navPanRight: "Right", .navCenterLocation: "Home",
    ]

    /// The defaults as `--help` lists them: `OK=Return, SEARCH=ctrl+f, ...`.
    static var defaultsText: String {
        defaults.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// The defaults with `mappings` applied in order (a later one for the same button wins; `none` removes it).
    static func table(_ mappings: [ButtonMapping]) -> [ButtonName: X11KeyStroke] {
        var table: [ButtonName: X11KeyStroke] = [:]
        for (button, keys) in defaults { table[button] = try? X11KeyStroke(parsing: keys) }
        for mapping in mappings { table[mapping.button] = mapping.stroke }
        return table
    }
}
