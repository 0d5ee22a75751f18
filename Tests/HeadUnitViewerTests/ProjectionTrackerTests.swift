import HeadUnit
import SDLRPC
import Testing

import struct SDLRPC.HapticRect
import struct SDLRPC.TouchType

@testable import HeadUnitViewer

/// The viewer's haptic rects across a screen change and a video restart (docs/viewer.md, "Haptic rects").
@Suite("ProjectionTracker: haptic rects follow the app's current screen and video")
struct ProjectionTrackerTests {
    static let app = AppID(1)
    static let other = AppID(2)
    static let wide = ViewerScreen(width: 800, height: 480)
    static let compact = ViewerScreen(width: 320, height: 240)
    /// The demo's zoom buttons on the 800x480 screen: outside 320x240.
    static let wideRects = [
        HapticRect(id: 1, x: 720, y: 170, width: 64, height: 64),
        HapticRect(id: 2, x: 720, y: 250, width: 64, height: 64),
    ]
    static let compactRects = [HapticRect(id: 7, x: 100, y: 60, width: 24, height: 24)]
    static let pictureInPicture = VideoCapability(preferredResolution: VideoSize(width: 320, height: 240))

    /// An app streaming at 800x480 that sent `rects`.
    static func streaming(_ rects: [HapticRect], for app: AppID = app) -> ProjectionTracker {
        var tracker = ProjectionTracker(screen: wide)
        _ = tracker.apply(.appRegistered(app, appName: "Demo", appHMITypes: ["NAVIGATION"]))
        _ = tracker.apply(.videoStarted(app, format: .h264RAW, size: VideoSize(width: 800, height: 480)))
        _ = tracker.apply(.hapticRects(app, rects))
        return tracker
    }

    static func viewerRects(_ rects: [HapticRect]) -> [HapticRect] {
        rects
    }

    @Test(
        "the app's rects are dropped when its screen changes, its video stops or it disconnects",
        arguments: [
            HeadUnitEvent.capabilityUpdated(app, pictureInPicture),
            .capabilityUpdated(app, VideoCapability(scale: 1.5)),
            .videoStopped(app, byHeadUnit: false, accessUnits: 90),
            .videoStopped(app, byHeadUnit: true, accessUnits: 90),
            .disconnected(app),
        ])
    func dropped(by event: HeadUnitEvent) {
        var tracker = Self.streaming(Self.wideRects)
        #expect(tracker.hapticRects(of: Self.app, on: Self.wide) == Self.viewerRects(Self.wideRects))
        _ = tracker.apply(event)
        // Whichever screen a snapshot then shows, the old rects are gone.
        for screen in [Self.wide, Self.compact, ViewerScreen(width: 800, height: 480, scale: 1.5)] {
            #expect(tracker.hapticRects(of: Self.app, on: screen) == [], "after \(event), on \(screen)")
        }
    }

    @Test("picture-in-picture: no 800x480 rects once the screen is 320x240, then the compact layout's rects")
    func pictureInPictureRestart() {
        var tracker = Self.streaming(Self.wideRects)
        // The order the demo produced: OnSystemCapabilityUpdated, the app's EndService, its new StartService, and
        // its first SendHapticData at the new size.
        let resized = tracker.apply(.capabilityUpdated(Self.app, Self.pictureInPicture))
        #expect(resized == .videoResized(Self.compact))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == [])
        _ = tracker.apply(.videoStopped(Self.app, byHeadUnit: false, accessUnits: 11))
        _ = tracker.apply(.videoStarted(Self.app, format: .h264RAW, size: VideoSize(width: 320, height: 240)))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == [])
        let sent = tracker.apply(.hapticRects(Self.app, Self.compactRects))
        #expect(sent == .hapticRects(Self.viewerRects(Self.compactRects)))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == Self.viewerRects(Self.compactRects))
        // An empty SendHapticData (every pin zoomed out of the small view) clears them.
        _ = tracker.apply(.hapticRects(Self.app, []))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == [])
    }

    @Test("rects the app measured on the old screen and sent across the resize stay off the new screen")
    func rectsInFlightAcrossResize() {
        var tracker = Self.streaming(Self.wideRects)
        _ = tracker.apply(.capabilityUpdated(Self.app, Self.pictureInPicture))
        // The app's SendHapticData for its 800x480 layout was on its way when the 320x240 screen was announced.
        _ = tracker.apply(.hapticRects(Self.app, Self.wideRects))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == [])
        // Its compact layout's rects, measured on 320x240, replace them.
        _ = tracker.apply(.hapticRects(Self.app, Self.compactRects))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == Self.viewerRects(Self.compactRects))
        // A rect that reaches past the screen's edge is still this screen's.
        let acrossEdge = [HapticRect(id: 9, x: 300, y: 200, width: 64, height: 64)]
        _ = tracker.apply(.hapticRects(Self.app, acrossEdge))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == Self.viewerRects(acrossEdge))
    }

    @Test("a snapshot of the new screen taken before the resize event arrives gets no rects from the old one")
    func snapshotAheadOfTheEvents() {
        var tracker = Self.streaming(Self.wideRects)
        // The emulator already shows 320x240; its OnSystemCapabilityUpdated event is still on its way.
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == [])
        // Rects the app sent just before it heard of the resize: still measured on 800x480.
        _ = tracker.apply(.hapticRects(Self.app, Self.wideRects.reversed()))
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == [])
        // And the other way: a snapshot that read the old screen gets no rects measured on the new one.
        _ = tracker.apply(.capabilityUpdated(Self.app, Self.pictureInPicture))
        _ = tracker.apply(.hapticRects(Self.app, Self.compactRects))
        #expect(tracker.hapticRects(of: Self.app, on: Self.wide) == [])
        #expect(tracker.hapticRects(of: Self.app, on: Self.compact) == Self.viewerRects(Self.compactRects))
    }

    @Test("a screen announced while no app was connected: the page shows the picture streamed, with its rects")
    func resizeBeforeTheAppConnects() {
        // The viewer subscribed at 800x480; `resize 1024x600` came while no app was connected, so no event said so.
        var tracker = ProjectionTracker(screen: Self.wide)
        let announced = ViewerScreen(width: 1024, height: 600)
        _ = tracker.apply(.appRegistered(Self.app, appName: "Demo", appHMITypes: ["NAVIGATION"]))
        _ = tracker.apply(.videoStarted(Self.app, format: .h264RAW, size: VideoSize(width: 800, height: 480)))
        _ = tracker.apply(.hapticRects(Self.app, Self.wideRects))
        let shown = tracker.shownScreen(of: Self.app, announced: announced)
        #expect(shown == Self.wide)
        #expect(tracker.hapticRects(of: Self.app, on: shown) == Self.viewerRects(Self.wideRects))
        // Once the video stops, the page goes back to the screen announced.
        _ = tracker.apply(.videoStopped(Self.app, byHeadUnit: false, accessUnits: 30))
        #expect(tracker.shownScreen(of: Self.app, announced: announced) == announced)
        // The next run streams at a size of its own again: its rects are measured on that picture.
        let other = VideoSize(width: 640, height: 360)
        _ = tracker.apply(.videoStarted(Self.app, format: .h264RAW, size: other))
        _ = tracker.apply(.hapticRects(Self.app, Self.compactRects))
        let next = tracker.shownScreen(of: Self.app, announced: announced)
        #expect((next.width, next.height) == (640, 360))
        #expect(tracker.hapticRects(of: Self.app, on: next) == Self.viewerRects(Self.compactRects))
    }

    @Test("another app's video stopping leaves this app's rects alone")
    func otherAppsKeepTheirs() {
        var tracker = Self.streaming(Self.wideRects)
        _ = tracker.apply(.appRegistered(Self.other, appName: "Other", appHMITypes: ["NAVIGATION"]))
        _ = tracker.apply(.hapticRects(Self.other, Self.compactRects))
        _ = tracker.apply(.videoStopped(Self.other, byHeadUnit: true, accessUnits: 3))
        #expect(tracker.hapticRects(of: Self.app, on: Self.wide) == Self.viewerRects(Self.wideRects))
        #expect(tracker.hapticRects(of: Self.other, on: Self.wide) == [])
    }
}

@Suite("ProjectionTracker: which app the viewer shows")
struct ProjectingAppTests {
    static func status(_ level: HMILevel) -> HMIStatus { .core(level: level, navigation: true, media: false) }

    @Test("the app in FULL is shown; a pick on the page wins until that app disconnects")
    func projectingApp() {
        var tracker = ProjectionTracker()
        _ = tracker.apply(.appRegistered(AppID(1), appName: "One", appHMITypes: ["NAVIGATION"]))
        _ = tracker.apply(.appRegistered(AppID(2), appName: "Two", appHMITypes: ["NAVIGATION"]))
        #expect(tracker.projectingApp == AppID(1), "the first registered, while none is in FULL")
        _ = tracker.apply(.hmiChanged(AppID(2), Self.status(.full)))
        #expect(tracker.projectingApp == AppID(2))
        _ = tracker.apply(.hmiChanged(AppID(1), Self.status(.full)))
        _ = tracker.apply(.hmiChanged(AppID(2), Self.status(.background)))
        #expect(tracker.projectingApp == AppID(1), "the car shows the app that went to FULL")
        tracker.selectedApp = AppID(2)
        #expect(tracker.projectingApp == AppID(2), "picked on the page")
        _ = tracker.apply(.disconnected(AppID(2)))
        #expect(tracker.projectingApp == AppID(1))
        #expect(tracker.selectedApp == nil)
    }

    @Test("each app keeps its own format")
    func formats() {
        var tracker = ProjectionTracker()
        _ = tracker.apply(
            .videoStarted(
                AppID(1), format: VideoFormat(codec: "H264", protocol: "RAW"),
                size: VideoSize(width: 800, height: 480)))
        _ = tracker.apply(
            .videoStarted(
                AppID(2), format: VideoFormat(codec: "H264", protocol: "RTP"),
                size: VideoSize(width: 800, height: 480)))
        #expect(tracker.format == .h264RTP, "the video started last")
        tracker.selectedApp = AppID(1)
        #expect(tracker.format == .h264RAW)
    }
}
