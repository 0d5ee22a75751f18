/// The head unit's keyboard, as Core and its HMI run it for a PerformInteraction with layout KEYBOARD.
///
/// What the emulator chose where the RPC spec is silent (documented in docs/headunit.md):
/// - SetGlobalProperties is answered SUCCESS and its `keyboardProperties` kept; only `keypressMode` changes what
///   the keyboard sends (RESEND_CURRENT_ENTRY when unset);
/// - a PerformInteraction that is not KEYBOARD gets UNSUPPORTED_REQUEST (the emulator has no choice sets);
/// - a second keyboard while one is open gets REJECTED;
/// - `timeout` (ms) is clamped to the spec's 5000...100000, 10000 when absent; on expiry the response is TIMED_OUT
///   with no OnKeyboardInput;
/// - typing sends KEYPRESS per character: the whole entry with RESEND_CURRENT_ENTRY, the character with
///   SINGLE_KEYPRESS, nothing until submit with QUEUE_KEYPRESSES; submit sends ENTRY_SUBMITTED with the entry and
///   answers SUCCESS with `manualTextEntry` and `triggerSource` KEYBOARD; cancel sends ENTRY_CANCELLED and answers
///   ABORTED;
/// - backspace drops the entry's last character and, with RESEND_CURRENT_ENTRY, sends the shorter entry as a
///   KEYPRESS; with SINGLE_KEYPRESS or QUEUE_KEYPRESSES it sends nothing (the spec has no key for deleting).
package struct OpenKeyboard {
    var request: AppSession.IncomingRPC
    var entry: String

    static let defaultTimeout = 10_000
    static let timeoutRange = 5_000...100_000
}

extension AppSession {
    mutating func setGlobalProperties(_ rpc: IncomingRPC) -> JSONValue {
        if let properties = rpc.body["keyboardProperties"] {
            guard properties.objectValue != nil else {
                return CoreRPC.response("INVALID_DATA", info: "keyboardProperties is not a struct")
            }
            keyboardProperties = properties
        }
        return CoreRPC.response("SUCCESS")
    }

    mutating func performInteraction(_ rpc: IncomingRPC) -> [SessionAction] {
        guard rpc.body["interactionLayout"]?.stringValue == "KEYBOARD" else {
            return [
                respond(rpc, CoreRPC.response("UNSUPPORTED_REQUEST", info: "The emulator has only the KEYBOARD layout"))
            ]
        }
        guard keyboard == nil else { return [respond(rpc, CoreRPC.response("REJECTED", info: "A keyboard is open"))] }
        let text = rpc.body["initialText"]?.stringValue ?? ""
        keyboard = OpenKeyboard(request: rpc, entry: "")
        let requested = rpc.body["timeout"]?.intValue.map(Int.init) ?? OpenKeyboard.defaultTimeout
        let timeout = min(max(requested, OpenKeyboard.timeoutRange.lowerBound), OpenKeyboard.timeoutRange.upperBound)
        let completions = keyboardProperties?["autoCompleteList"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return [
            .schedule(.keyboardTimeout, after: .milliseconds(timeout)),
            .emit(.keyboardOpened(app, initialText: text, autoComplete: completions)),
        ]
    }

    /// Types `text` on the open keyboard; `nil` when none is open.
    package mutating func typeOnKeyboard(_ text: String) -> [SessionAction]? {
        guard var open = keyboard else { return nil }
        let mode = keyboardProperties?["keypressMode"]?.stringValue ?? "RESEND_CURRENT_ENTRY"
        var actions: [SessionAction] = []
        for character in text {
            open.entry.append(character)
            switch mode {
            case "SINGLE_KEYPRESS":
                actions += notify(CoreRPC.onKeyboardInput, ["event": "KEYPRESS", "data": .string(String(character))])
            case "QUEUE_KEYPRESSES":
                break
            default:
                actions += notify(CoreRPC.onKeyboardInput, ["event": "KEYPRESS", "data": .string(open.entry)])
            }
        }
        keyboard = open
        return actions
    }

    /// Deletes the entry's last character on the open keyboard; `nil` when none is open.
    package mutating func deleteOnKeyboard() -> [SessionAction]? {
        guard var open = keyboard else { return nil }
        guard !open.entry.isEmpty else { return [] }
        open.entry.removeLast()
        keyboard = open
        let mode = keyboardProperties?["keypressMode"]?.stringValue ?? "RESEND_CURRENT_ENTRY"
        guard mode == "RESEND_CURRENT_ENTRY" else { return [] }
        return notify(CoreRPC.onKeyboardInput, ["event": "KEYPRESS", "data": .string(open.entry)])
    }

    /// Closes the open keyboard with `result` (SUCCESS submits the entry, ABORTED cancels, TIMED_OUT expires).
    package mutating func closeKeyboard(result: String) -> [SessionAction] {
        guard let open = keyboard else { return [] }
        keyboard = nil
        var actions: [SessionAction] = [.cancel(.keyboardTimeout)]
        switch result {
        case "SUCCESS":
            actions += notify(CoreRPC.onKeyboardInput, ["event": "ENTRY_SUBMITTED", "data": .string(open.entry)])
            actions.append(
                respond(
                    open.request,
                    CoreRPC.response(
                        "SUCCESS", extra: ["manualTextEntry": .string(open.entry), "triggerSource": "KEYBOARD"])))
        case "ABORTED":
            actions += notify(CoreRPC.onKeyboardInput, ["event": "ENTRY_CANCELLED"])
            actions.append(respond(open.request, CoreRPC.response("ABORTED")))
        default:
            actions.append(respond(open.request, CoreRPC.response(result)))
        }
        actions.append(.emit(.keyboardClosed(app, result: result, text: open.entry)))
        return actions
    }
}
