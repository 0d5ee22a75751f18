import CarWindow
import CarWindowDemo
import CarWindowTesting
import HeadUnit
import SDLProjection
import SDLRPC
import Testing

extension HeadUnitEvent {
    /// A SubscribeButton the emulator answered: the button and its answer.
    var buttonSubscribed: (ButtonName, String)? {
        if case .buttonSubscription(_, let button, true, let result) = self { return (button, result) }
        return nil
    }
}

/// Hardware buttons end to end: the projection subscribes to what the emulated car offers and SDL Core grants,
/// and the emulator's presses reach the demo's map and the focus engine.
@Suite("Buttons from the emulator", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct ButtonTests {
    /// Presses `button` on the emulator and waits until the head unit gets haptic rects that differ from the last
    /// ones it had: the map's pins moved, so the window drew the change.
    func pressAndAwaitNewRects(_ button: ButtonName, _ harness: ProjectionHarness) async throws {
        let before = await harness.headUnitEvents.events.compactMap(\.hapticRects).last
        #expect(try await harness.headUnit.pressButton(button) != nil, "no app took \(button)")
        await harness.headUnitEvents.wait { events in
            events.compactMap(\.hapticRects).last.map { $0 != before } ?? false
        }
    }

    /// Runs the harness until every wanted button has a `buttonSubscription` event; returns those results.
    func subscriptions(_ harness: ProjectionHarness) async throws -> [ButtonName: String] {
        let run = Recorder<ProjectionEvent>()
        let task = run.consume(await harness.projection.events())
        defer { task.cancel() }
        _ = try await harness.startStreaming()
        let wanted = CarWindowSettings.standardButtons.count
        let events = await run.wait { events in
            events.filter { if case .buttonSubscription = $0 { true } else { false } }.count >= wanted
        }
        var results: [ButtonName: String] = [:]
        for case .buttonSubscription(let name, let result) in events { results[name] = result }
        return results
    }

    @Test("on the traced car (no map buttons) only OK and SEARCH are asked for; TUNEUP is a media app's")
    func offeredOnly() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            let results = try await subscriptions(harness)
            #expect(results[.ok] == "SUCCESS")
            #expect(results[.search] == "SUCCESS")
            #expect(results[.tuneup] == "notAllowed")
            #expect(results[.tunedown] == "notAllowed")
            for name in ButtonName.navigation where CarWindowSettings.standardButtons.contains(name) {
                #expect(results[name] == "notOffered", "\(name)")
            }
            let requested = await harness.headUnitEvents.events.compactMap(\.buttonSubscribed).map(\.0)
            #expect(Set(requested) == [.ok, .search])
            #expect(requested.count == 2)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("with map buttons NAV_ZOOM_IN zooms the demo's map (view state and decoded video); OK activates the focus")
    func zoomAndOK() async throws {
        let harness = try await ProjectionHarness(
            buttons: HeadUnitConfiguration.tracedButtons + ButtonName.navigation)
        defer { harness.removeRecordings() }
        do {
            let results = try await subscriptions(harness)
            let granted = CarWindowSettings.standardButtons.filter { $0 != .tuneup && $0 != .tunedown }
            for name in granted { #expect(results[name] == "SUCCESS", "\(name)") }
            let requested = await harness.headUnitEvents.events.compactMap(\.buttonSubscribed)
            #expect(Set(requested.map(\.0)) == Set(granted))

            // The map's pins are haptic rects: a zoom moves them, and the head unit gets the new ones after the
            // window drew the zoomed map.
            let zoom = harness.screen.camera.zoom
            _ = await harness.hapticRects()
            let framesBefore = await harness.videoFrameCount()
            try await pressAndAwaitNewRects(.navZoomIn, harness)
            #expect(harness.screen.camera.zoom == zoom * 2)
            // The zoomed frame is encoded right after the window drew it; its rects went out with it.
            await harness.headUnitEvents.wait { $0.filter(\.isVideoFrame).count > framesBefore }
            let zoomedFrame = await harness.videoFrameCount() - 1

            // OK presses the focused zoom-out button, as a tap would.
            #expect(harness.windowSource.window.focus(harness.screen.zoomOutButton))
            try await pressAndAwaitNewRects(.ok, harness)
            #expect(harness.screen.camera.zoom < zoom * 2)
            await harness.shutDown()

            // In the decoded video: the map before the press and after it differ where the park was (world
            // 100...300 x 0...200, at zoom 1 view 500...700 x 240...440; at zoom 2 it starts at x 600).
            let file = try #require(try harness.recordingFiles().first)
            let size = VideoSize(width: 800, height: 480)
            let decoder = FrameDecoder()
            let before = try await decoder.decode(frameAt: max(0, framesBefore - 1), of: file, size: size)
            let after = try await decoder.decode(frameAt: zoomedFrame, of: file, size: size)
            let park = (x: 520.0, y: 300.0, width: 60.0, height: 60.0)
            let was = before.averageColor(x: park.x, y: park.y, width: park.width, height: park.height)
            let now = after.averageColor(x: park.x, y: park.y, width: park.width, height: park.height)
            #expect(was.distance(to: now) > 24, "the park's patch did not change: \(was) then \(now)")
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("after a reconnection the run subscribes again, and a press on the new connection still zooms the map")
    func resubscribes() async throws {
        let harness = try await ProjectionHarness(
            disconnectPolicy: ReconnectTests.quick, buttons: HeadUnitConfiguration.tracedButtons + [.navZoomIn])
        defer { harness.removeRecordings() }
        do {
            let app = try await harness.startStreaming()
            _ = await harness.hapticRects()
            await harness.headUnitEvents.wait { events in events.compactMap(\.buttonSubscribed).count >= 3 }
            try await harness.headUnit.dropConnection(app)
            // The new connection: a second registration, its subscriptions, and its haptic rects sent again.
            let events = await harness.headUnitEvents.wait { events in
                events.compactMap(\.buttonSubscribed).filter { $0.0 == .navZoomIn }.count >= 2
                    && events.compactMap(\.hapticRects).count >= 2
            }
            let zoomIns = events.compactMap(\.buttonSubscribed).filter { $0.0 == .navZoomIn }.map(\.1)
            #expect(zoomIns == ["SUCCESS", "SUCCESS"])
            let zoom = harness.screen.camera.zoom
            try await pressAndAwaitNewRects(.navZoomIn, harness)
            #expect(harness.screen.camera.zoom == zoom * 2)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}
