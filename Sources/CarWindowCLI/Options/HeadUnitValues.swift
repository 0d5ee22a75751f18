import ArgumentParser
import Foundation
import HeadUnit
import SDLRPC
import SDLWire

/// `carwindow headunit --force-protected`: the services a head unit refuses in the clear.
enum ProtectedService: String, Hashable, Sendable, CaseIterable, ExpressibleByArgument {
    case video
    case audio

    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    var serviceType: ServiceType {
        switch self {
        case .video: .video
        case .audio: .audio
        }
    }
}

/// `--without-tls-quirks`: quirk names separated by commas, or `all`.
struct TLSQuirkList: Hashable, Sendable, ExpressibleByArgument {
    var quirks: Set<TLSQuirk>

    init?(argument: String) {
        if argument.trimmingCharacters(in: .whitespaces) == "all" {
            quirks = Set(TLSQuirk.allCases)
        } else if let list = CommaSeparated<TLSQuirk>(argument: argument) {
            quirks = Set(list.elements)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { TLSQuirk.allCases.map(\.rawValue) + ["all"] }
}

/// `--ack-overwrites-finished`: how often Core's TLS 1.3 race overwrites its last handshake message.
struct ACKOverwriteRate: Hashable, Sendable, ExpressibleByArgument {
    /// 0 (never) to 1 (always).
    var rate: Double

    init(rate: Double) {
        self.rate = rate
    }

    init?(argument: String) {
        switch argument {
        case "never": rate = 0
        case "always": rate = 1
        default:
            guard let rate = Double(argument), (0...1).contains(rate) else { return nil }
            self.rate = rate
        }
    }

    static var allValueStrings: [String] { ["always", "never", "0...1"] }

    var defaultValueDescription: String {
        switch rate {
        case 0: "never"
        case 1: "always"
        default: "\(rate)"
        }
    }
}

/// `--encrypted-rpcs`: RPC names from the spec, separated by commas.
struct RPCNameList: Hashable, Sendable {
    var names: Set<String>

    init(parsing text: String) throws(ValidationError) {
        var names: Set<String> = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let id = FunctionID(name: name), id.rawValue != 0 else {
                throw ValidationError("'\(name)' is not an RPC name from the spec (e.g. SendHapticData, OnTouchEvent).")
            }
            names.insert(name)
        }
        guard !names.isEmpty else { throw ValidationError("name at least one RPC, e.g. SendHapticData.") }
        self.names = names
    }
}

/// `--buttons`: the hardware buttons the emulated car has, spec names (NAV_ZOOM_IN, OK, ...) and the groups
/// `traced` (what the traces' HMI reported), `nav` (the fifteen map buttons) and `none`, separated by commas.
struct ButtonList: Hashable, Sendable {
    var buttons: [ButtonName]

    /// - Throws: `ValidationError` naming the word that is neither a button nor a group.
    init(parsing text: String) throws {
        var buttons: [ButtonName] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = part.trimmingCharacters(in: .whitespaces)
            switch word.lowercased() {
            case "traced": buttons += HeadUnitConfiguration.tracedButtons
            case "nav": buttons += ButtonName.navigation
            case "none": break
            default:
                let name = ButtonName(rawValue: word.uppercased())
                guard ButtonName.specified.contains(name) else {
                    throw ValidationError(
                        "'\(word)' is not a button: give spec names (OK, SEARCH, NAV_ZOOM_IN, ...) or traced, nav, "
                            + "none.")
                }
                buttons.append(name)
            }
        }
        var seen = Set<ButtonName>()
        self.buttons = buttons.filter { seen.insert($0).inserted }
    }
}
