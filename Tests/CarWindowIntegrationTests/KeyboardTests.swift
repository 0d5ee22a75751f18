import CarWindow
import HeadUnit
import Testing

/// A TextField typed through the emulator's keyboard: SetGlobalProperties, PerformInteraction KEYBOARD,
/// OnKeyboardInput KEYPRESS, then ENTRY_SUBMITTED / SUCCESS or ENTRY_CANCELLED / ABORTED.
@Suite("Head-unit keyboard", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct KeyboardTests {
    @Test("typing (and a backspace) shows in the field as it comes; submit sets it; cancel restores it")
    func typeSubmitCancel() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        let typed = Recorder<String>()
        let (stream, input) = AsyncStream.makeStream(of: String.self)
        let consumer = typed.consume(stream)
        defer { consumer.cancel() }
        do {
            let app = try await harness.startStreaming()
            let field = TextField(placeholder: "Where to?")
            field.autoCompleteList = ["Main Street", "Market Square"]
            field.onChange = { input.yield("change \($0)") }
            field.onSubmit = { input.yield("submit \($0)") }
            field.onCancel = { input.yield("cancel \($0)") }
            harness.windowSource.window.rootView?.addSubview(field)

            field.beginEditing()
            let opened = await harness.headUnitEvents.wait { events in
                events.contains { if case .keyboardOpened = $0 { true } else { false } }
            }
            let shown = opened.compactMap { event -> (AppID, String, [String])? in
                if case .keyboardOpened(let id, let text, let completions) = event {
                    (id, text, completions)
                } else {
                    nil
                }
            }
            #expect(shown.first?.0 == app && shown.first?.1 == "Where to?")
            #expect(shown.first?.2 == ["Main Street", "Market Square"])
            try await harness.headUnit.keyboardType("Ma", for: app)
            await typed.wait { $0.contains("change Ma") }
            #expect(field.text == "Ma" && field.isEditing)
            // A backspace resends the shorter entry (RESEND_CURRENT_ENTRY).
            try await harness.headUnit.keyboardType("x", for: app)
            try await harness.headUnit.keyboardBackspace(for: app)
            await typed.wait { $0.suffix(2) == ["change Max", "change Ma"] }
            #expect(field.text == "Ma")
            try await harness.headUnit.keyboardType("in", for: app)
            try await harness.headUnit.keyboardSubmit(for: app)
            let events = await typed.wait { $0.contains { $0.hasPrefix("submit") } }
            // Keypresses come as notifications and the submission as the PerformInteraction's response, on two
            // paths: the last keypresses may lose the race to the submission, which carries the whole entry anyway.
            #expect(events.last == "submit Main")
            let changes = events.dropLast()
            #expect(changes.starts(with: ["change M", "change Ma"]))
            let expected = ["change M", "change Ma", "change Max", "change Ma", "change Mai", "change Main"]
            #expect(zip(changes, expected).allSatisfy { $0 == $1 })
            #expect(field.text == "Main" && !field.isEditing)

            field.beginEditing()
            await harness.headUnitEvents.wait { events in
                events.filter { if case .keyboardOpened = $0 { true } else { false } }.count == 2
            }
            try await harness.headUnit.keyboardType("X", for: app)
            try await harness.headUnit.keyboardCancel(for: app)
            await typed.wait { $0.contains { $0.hasPrefix("cancel") } }
            #expect(field.text == "Main" && !field.isEditing)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}
