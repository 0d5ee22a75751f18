import Foundation
import HeadUnit
import SDLRPC
import SDLWire
import Testing

/// The emulator's console, as a developer types it at `carwindow headunit`: finding the app's haptic rects and
/// tapping one, with replies that say what was sent.
@Suite("Console commands", .serialized)
struct ConsoleCommandTests {
    static let hapticData =
        #"{"hapticRectData":[{"id":1,"rect":{"x":20,"y":20,"width":120,"height":60}},"#
        + #"{"id":7,"rect":{"x":600.5,"y":300,"width":80,"height":80}}]}"#

    /// A navigation app in FULL that sent two haptic rects, and the emulator it talks to.
    static func withRects(
        touchScreen: Bool = true, _ body: (HeadUnitEmulator, TestApp) async throws -> Void
    ) async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = .milliseconds(10)
        configuration.touchScreen = touchScreen
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let app = try await TestApp(port: port)
        do {
            _ = try await app.startRPC()
            _ = try await app.registerUntilFull()
            try await app.sendRPC(function: 49, correlationID: 5, json: Self.hapticData)
            // The response comes after the emulator stored the rects.
            while let frame = await app.nextFrame() {
                guard frame.header.serviceType == .rpc, let rpc = try? RPCPayload(decoding: frame.payload) else {
                    continue
                }
                if rpc.functionID.rawValue == 49 { break }
            }
            try await body(headUnit, app)
        } catch {
            await app.close()
            await headUnit.stop()
            throw error
        }
        await app.close()
        await headUnit.stop()
    }

    static func reply(_ line: String, _ headUnit: HeadUnitEmulator) async throws -> String {
        try await ConsoleCommand(parsing: line).apply(to: headUnit)
    }

    @Test("`rects` lists each rect with its id, x,y, wxh and centre; `apps` counts them", .timeLimit(.minutes(3)))
    func rects() async throws {
        try await Self.withRects { headUnit, _ in
            let all = try await Self.reply("rects", headUnit)
            let one = try await Self.reply("rects 1", headUnit)
            #expect(all == one)
            let lines = one.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("app 1 Test Nav: 2 haptic rects"))
            #expect(lines[1] == "  #1 20,20 120x60 centre 80,50")
            #expect(lines[2] == "  #7 600.5,300 80x80 centre 641,340")
            #expect(try await Self.reply("apps", headUnit).contains("2 haptic rects"))
            await #expect(throws: HeadUnitError.self) { try await Self.reply("rects 9", headUnit) }
        }
    }

    @Test("`tap-rect` taps the rect's centre and says that Core delivers each touch twice", .timeLimit(.minutes(3)))
    func tapRect() async throws {
        try await Self.withRects { headUnit, app in
            let reply = try await Self.reply("tap-rect 1 1", headUnit)
            #expect(!reply.contains("\n"), "one line")
            #expect(reply.contains("80,50"))
            #expect(reply.contains("2 events (BEGIN, END) as 4 OnTouchEvent notifications"))
            #expect(reply.contains("twice"))
            var points: [String] = []
            while points.count < 4, let frame = await app.nextFrame() {
                guard frame.header.serviceType == .rpc, let rpc = try? RPCPayload(decoding: frame.payload),
                    rpc.functionID.rawValue == 32780
                else { continue }
                let json = try JSONValue(parsing: rpc.json)
                let coordinate = json["event"]?.arrayValue?.first?["c"]?.arrayValue?.first
                points.append("\(json["type"] ?? "?") \(coordinate?["x"] ?? "?"),\(coordinate?["y"] ?? "?")")
            }
            #expect(points == ["\"BEGIN\" 80,50", "\"BEGIN\" 80,50", "\"END\" 80,50", "\"END\" 80,50"])
            let missing = await #expect(throws: HeadUnitError.self) { try await Self.reply("tap-rect 1 3", headUnit) }
            #expect(missing?.description.contains("its rects: 1, 7") == true)
        }
    }

    @Test("a tap outside FULL says why nothing was sent", .timeLimit(.minutes(3)))
    func tapOutsideFull() async throws {
        try await Self.withRects { headUnit, _ in
            try await headUnit.setHMILevel(.background, for: AppID(1))
            let reply = try await Self.reply("tap 1 10 10", headUnit)
            #expect(reply.contains("nothing sent"))
            #expect(reply.contains("only to an app in FULL"))
        }
    }

    @Test(
        "`knob` walks the rects in reading order, its press taps the centre; --no-touch refuses only taps",
        .timeLimit(.minutes(3)))
    func knob() async throws {
        try await Self.withRects(touchScreen: false) { headUnit, app in
            await #expect(throws: HeadUnitError.self) { try await Self.reply("tap 1 80 50", headUnit) }
            await #expect(throws: HeadUnitError.self) { try await Self.reply("tap-rect 1 1", headUnit) }
            #expect(try await Self.reply("knob right", headUnit).contains("rect #1 20,20 120x60 centre 80,50"))
            #expect(try await Self.reply("knob right", headUnit).contains("rect #7"))
            #expect(try await Self.reply("knob right", headUnit).contains("rect #1"))
            let press = try await Self.reply("knob press", headUnit)
            #expect(press.contains("select rect #1 at 80,50"))
            #expect(press.contains("2 events (BEGIN, END)"))
            var types: [String] = []
            while types.count < 2, let frame = await app.nextFrame() {
                guard frame.header.serviceType == .rpc, let rpc = try? RPCPayload(decoding: frame.payload),
                    rpc.functionID.rawValue == 32780
                else { continue }
                types.append(try JSONValue(parsing: rpc.json)["type"]?.stringValue ?? "?")
            }
            #expect(types == ["BEGIN", "BEGIN"])
        }
    }

    @Test(
        "`help` lists every command",
        arguments: [
            "apps", "rects", "level", "resize", "pip", "reject", "drop",
            "silence", "answer", "end-video", "tap", "tap-rect", "pan", "pinch", "button", "knob", "cloud", "activate",
            "help",
        ])
    func help(verb: String) throws {
        #expect(ConsoleCommand.usage.split(separator: "\n").contains { $0.hasPrefix(verb + " ") })
        #expect(try ConsoleCommand(parsing: "help") == .help)
        #expect(try ConsoleCommand(parsing: "cloud") == .cloudApps)
        #expect(try ConsoleCommand(parsing: "activate swiftsdl-nav") == .activate("swiftsdl-nav"))
        #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: "activate") }
    }

    @Test("`level` takes the spec's HMI levels and video streaming states, in any case, and refuses other words")
    func level() throws {
        #expect(try ConsoleCommand(parsing: "level 1 limited") == .level(AppID(1), .limited, nil))
        #expect(
            try ConsoleCommand(parsing: "level 1 FULL not_streamable") == .level(AppID(1), .full, .notStreamable))
        // SDLRPC's enums take any raw value; a typo must not reach an app as an HMI level no Core sends.
        #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: "level 1 FULLL") }
        #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: "level 1 FULL STREAMING") }
    }
}
