import CarWindow
import CarWindowDemo
import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import SDLStreaming
import Testing

/// A `WindowSource` on a `Projection`, end to end: the navigation screen projected into the emulator, which records
/// the video, reports the haptic rects it received and injects touches the way SDL Core sends them.
@Suite("Projection into the emulator", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct ProjectionEmulatorTests {
    @Test("a tap on the zoom-in button's haptic rect (scale 2, doubled touches) zooms once and changes the video")
    func tapZoomsIn() async throws {
        var video = VideoCapability()
        video.preferredResolution = VideoSize(width: 1600, height: 960)
        video.scale = 2
        let harness = try await ProjectionHarness(video: video)
        defer { harness.removeRecordings() }
        do {
            // Two frames before the tap, so the recording shows the static screen twice.
            let app = try await harness.startStreaming(frames: 2)
            let rects = try #require(await harness.hapticRects())
            #expect(harness.windowSource.window.frameSize == Size(width: 800, height: 480))

            // The zoom-in button is the preferred focus, so its rect comes first, in head-unit pixels (x 2).
            let button = harness.screen.zoomInButton
            let frame = button.convertToWindow(button.bounds)
            let zoomRect = try #require(rects.first)
            #expect(
                zoomRect.geometry
                    == scaled(
                        x: frame.minX, y: frame.minY, width: frame.width, height: frame.height,
                        by: 2
                    ).geometry)
            #expect(rects.map(\.geometry) == harness.windowSource.window.hapticRects().map(Self.geometry))

            let framesBefore = await harness.videoFrameCount()
            let sent = try await harness.headUnit.injectTouches(
                OnTouchEvent.tap(x: zoomRect.center.x, y: zoomRect.center.y, at: 1000), to: app)
            #expect(sent == 4)  // BEGIN and END, each twice (CoreQuirks.duplicateTouchEvents)
            let gestures = await harness.gestures.wait { !$0.isEmpty }
            #expect(gestures.map(\.kind) == ["tap"])
            let tap = try #require(gestures.first?.location)
            #expect(abs(tap.x - frame.center.x) <= 1 && abs(tap.y - frame.center.y) <= 1)
            #expect(harness.screen.camera.zoom == 2)
            #expect(harness.screen.statusLabel.text == "Zoom 2× · last: zoomIn")
            await harness.headUnitEvents.wait { $0.filter(\.isVideoFrame).count >= framesBefore + 2 }
            await harness.shutDown()

            let file = try #require(try harness.recordingFiles().first)
            let summary = try await VideoProbe().summary(of: file)
            #expect((summary.width, summary.height) == (800, 480), "\(summary)")
            let lumas = try await Media.decodeLuma(file, width: 800, height: 480)
            #expect(lumas.count >= framesBefore + 2)
            if lumas.count >= framesBefore + 2 {
                let staticChange = Media.meanDifference(lumas[framesBefore - 2], lumas[framesBefore - 1])
                let zoomChange = Media.meanDifference(lumas[framesBefore - 1], lumas[lumas.count - 1])
                #expect(staticChange < 1, "two frames of the unchanged screen")
                #expect(zoomChange > 5, "the map at zoom 2 against zoom 1")
            }
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("haptic rects match the focusable views x scale, and keep their ids when a resize moves them")
    func hapticIDsSurviveResize() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            let first = try #require(await harness.hapticRects())
            #expect(first.map(\.geometry) == harness.windowSource.window.hapticRects().map(Self.geometry))
            try await harness.headUnit.resize(to: VideoSize(width: 1024, height: 600))
            let large = VideoSize(width: 1024, height: 600)
            await harness.headUnitEvents.wait { $0.contains { $0.videoStartedSize == large } }
            let second = try #require(await harness.hapticRects(after: 1))
            #expect(harness.windowSource.window.frameSize == Size(width: 1024, height: 600))
            // The larger map shows more points of interest; everything that was there keeps its id, and the
            // zoom-in button (the preferred focus) stays first.
            #expect(Set(first.map(\.id)).isSubset(of: second.map(\.id)))
            #expect(second.first?.id == first.first?.id)
            #expect(second.map(\.geometry) == harness.windowSource.window.hapticRects().map(Self.geometry))
            let button = harness.screen.zoomInButton
            let frame = button.convertToWindow(button.bounds)
            #expect(
                second.first?.geometry
                    == scaled(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, by: 1).geometry)
            #expect(second.first?.geometry != first.first?.geometry)  // the trailing buttons moved right
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("no SendHapticData when the head unit says hapticSpatialDataSupported false")
    func noHapticsWithoutSupport() async throws {
        var video = VideoCapability()
        video.hapticSpatialDataSupported = false
        let harness = try await ProjectionHarness(video: video)
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            let pump = try #require(harness.windowSource.pump)
            #expect(harness.windowSource.metrics?.isHapticSpatialDataSupported == false)
            // Well past the debounce a supporting head unit would have had its rects after.
            let limit = StreamingConfiguration.defaultHapticDebounce * 3
            for await event in pump.events() {
                if case .tick(_, let at) = event, at >= limit { break }
            }
            #expect(pump.statistics.hapticUpdates == 0)
            await harness.shutDown()
            #expect(await harness.headUnitEvents.events.compactMap(\.hapticRects).isEmpty)
            let events = await harness.runEvents.events
            #expect(!events.contains { if case .hapticRects = $0 { true } else { false } })
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("Core's doubled touches make one tap on the map, then a pan, and no double tap")
    func duplicatedTouchesMakeOneTap() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            let app = try await harness.startStreaming()
            let tapSent = try await harness.headUnit.injectTouches(OnTouchEvent.tap(x: 200, y: 300, at: 1000), to: app)
            await harness.gestures.wait { !$0.isEmpty }
            let panSent = try await harness.headUnit.injectTouches(
                OnTouchEvent.pan(from: (300, 300), to: (400, 320), steps: 4, at: 3000), to: app)
            // Every notification went out twice (CoreQuirks.duplicateTouchEvents)...
            #expect((tapSent, panSent) == (2 * 2, 2 * 6))
            let gestures = await harness.gestures.wait { $0.contains { $0.kind == "panEnded" } }
            #expect(gestures.first == .singleTap(at: Point(x: 200, y: 300)))
            #expect(gestures.map(\.kind).filter { $0 == "tap" || $0 == "doubleTap" } == ["tap"])
            #expect(gestures.dropFirst().first?.kind == "panBegan")
            // ...and the projection saw each touch once (moves that waited may be folded into one, which counts
            // them): panEnded came from the last END, so all have arrived.
            let touches: @Sendable (ProjectionEvent) -> Int = {
                if case .touch(let touch) = $0 { 1 + touch.coalesced } else { 0 }
            }
            await harness.shutDown()
            let events = await harness.runEvents.events
            #expect(events.map(touches).reduce(0, +) == 2 + 6)
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("picture-in-picture at 320x240 shows the compact root, and that stream is recorded at 320x240")
    func compactRootInPictureInPicture() async throws {
        var video = VideoCapability()
        video.additional = [VideoCapability(preferredResolution: VideoSize(width: 320, height: 240))]
        let harness = try await ProjectionHarness(video: video)
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            #expect(harness.windowSource.window.activeRootView === harness.screen.rootView)
            try await harness.headUnit.switchToAdditionalCapability(at: 0)
            let small = VideoSize(width: 320, height: 240)
            await harness.headUnitEvents.wait { events in
                guard let start = events.firstIndex(where: { $0.videoStartedSize == small }) else { return false }
                return events[start...].contains(where: \.isVideoFrame)
            }
            #expect(harness.windowSource.window.frameSize == Size(width: 320, height: 240))
            #expect(harness.windowSource.window.activeRootView === harness.screen.compactRootView)
            await harness.shutDown()
            var sizes: [String] = []
            for file in try harness.recordingFiles() {
                let summary = try await VideoProbe().summary(of: file)
                sizes.append("\(summary.width)x\(summary.height)")
            }
            #expect(sizes == ["800x480", "320x240"])
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("swapping the root view while streaming lays it out, streams it and sends its haptic rects")
    func swapRootView() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            let first = try #require(await harness.hapticRects())
            let ok = Button(title: "OK")
            let cancel = Button(title: "Cancel")
            let column = StackView(
                axis: .vertical, spacing: 20, insets: EdgeInsets(all: 40), arrangedSubviews: [ok, cancel])
            harness.windowSource.rootView = column
            let second = try #require(await harness.hapticRects(after: 1))
            #expect(second.count == 2)
            #expect(Set(second.map(\.id)).isDisjoint(with: first.map(\.id)))
            let frame = ok.convertToWindow(ok.bounds)
            #expect(
                second.first?.geometry
                    == scaled(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, by: 1).geometry)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("in the background the stream shows the open-the-app message drawn with Pango, not the map or black")
    func backgroundMessage() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            await harness.projection.setAppState(.background)
            let before = await harness.videoFrameCount()
            await harness.headUnitEvents.wait { $0.filter(\.isVideoFrame).count >= before + 5 }
            let background = await harness.videoFrameCount()
            #expect(harness.windowSource.pump == nil, "no pump re-rendering while the manager refuses frames")
            await harness.shutDown()
            let file = try #require(try harness.recordingFiles().first)
            let frames = try await Media.decodeLuma(file, width: 800, height: 480)
            let last = try #require(frames.dropFirst(background - 1).first)
            let mean = Double(last.reduce(0) { $0 + Int($1) }) / Double(last.count)
            #expect(mean < 80, "the dark message background, not the light map")
            #expect(last.contains { $0 > 200 }, "white text, so not a black frame")
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    static func geometry(_ rect: HapticRect) -> [Double] {
        [rect.x, rect.y, rect.width, rect.height]
    }
}
