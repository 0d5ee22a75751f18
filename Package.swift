// swift-tools-version: 6.1
// CarWindow: project a Swift UI into a car over SmartDeviceLink.
//
// Targets follow the layers and depend one way (docs/architecture.md draws the whole graph):
//   SDLWire (pure wire format) -> SDLRPC (typed RPC models), SDLSecurity (TLS carriage)
//   -> SDLSession (NIO transports, session) -> SDLMedia (codecs), SDLMediaService (the engine of both services)
//   -> SDLStreaming (video), SDLAudio -> SDLProjection (one run)
//   -> CarWindow (views) -> CLI. The emulator (HeadUnit) sits beside the app stack on SDLWire, SDLRPC, SDLMedia and
//   SDLSecurity; the viewer (which also reads the app's side through SDLStreaming) and the testing kit build on it.
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "CarWindow",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SDLWire", targets: ["SDLWire"]),
        .library(name: "SDLRPC", targets: ["SDLRPC"]),
        .library(name: "SDLMedia", targets: ["SDLMedia"]),
        .library(name: "SDLSession", targets: ["SDLSession"]),
        .library(name: "SDLStreaming", targets: ["SDLStreaming"]),
        .library(name: "SDLProjection", targets: ["SDLProjection"]),
        .library(name: "HeadUnit", targets: ["HeadUnit"]),
        .library(name: "HeadUnitViewer", targets: ["HeadUnitViewer"]),
        .library(name: "AppSideViewer", targets: ["AppSideViewer"]),
        .library(name: "SDLAudio", targets: ["SDLAudio"]),
        .library(name: "ProjectionInput", targets: ["ProjectionInput"]),
        .library(name: "CarWindowUI", targets: ["CarWindowUI"]),
        .library(name: "CarWindow", targets: ["CarWindow"]),
        .library(name: "CarWindowX11", targets: ["CarWindowX11"]),
        .library(name: "CarWindowWayland", targets: ["CarWindowWayland"]),
        .library(name: "SDLSecurity", targets: ["SDLSecurity"]),
        .library(name: "SDLSecurityOpenSSL", targets: ["SDLSecurityOpenSSL"]),
        .executable(name: "carwindow", targets: ["CarWindowCLI"]),
        .executable(name: "carwindow-bench", targets: ["CarWindowBenchmarks"]),
        .library(name: "CarWindowDemo", targets: ["CarWindowDemo"]),
        .executable(name: "navigation-demo", targets: ["NavigationDemoApp"]),
        .library(name: "CarWindowTesting", targets: ["CarWindowTesting"]),
        .library(name: "CarWindowTestingTools", targets: ["CarWindowTestingTools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // wss:// (docs/transports.md): TLS under the WebSocket transport and the emulator's WebSocket server.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // Wire format: pure, no I/O. NIOCore only for ByteBuffer and the single-step decoder protocol.
        .target(
            name: "SDLWire",
            dependencies: [.product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: upcoming
        ),
        // Typed RPC models (Codable), generated from MOBILE_API.xml by scripts/generate-rpc.py.
        .target(
            name: "SDLRPC",
            dependencies: ["SDLWire"],
            swiftSettings: upcoming
        ),
        // System libraries for the media pipeline, found with pkg-config (Debian libopenh264-dev, libyuv-dev).
        .systemLibrary(
            name: "COpenH264",
            pkgConfig: "openh264",
            providers: [.apt(["libopenh264-dev"])]
        ),
        .systemLibrary(
            name: "CLibYUV",
            providers: [.apt(["libyuv-dev"])]
        ),
        .target(
            name: "SDLMedia",
            dependencies: [
                "COpenH264", "CLibYUV", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        // The bare openh264 encode loop in C: the reference `carwindow bench media` compares SDLMedia's encoder with.
        .target(
            name: "CH264Reference",
            dependencies: ["COpenH264"]
        ),
        // SDL frames in binary WebSocket messages, on NIO's codec and NIOSSL: what both ends of a WebSocket link use,
        // whichever of them dials and whichever listens (the app's transports in SDLSession, the emulator in
        // HeadUnit, which depend on nothing else of each other's): the message handler, TLS, the dialer, the listener
        // and the hand-over of an accepted connection to async code.
        .target(
            name: "SDLWebSocket",
            dependencies: [
                "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // Session and transports on SwiftNIO.
        .target(
            name: "SDLSession",
            dependencies: [
                "SDLWire", "SDLRPC", "SDLSecurity", "SDLWebSocket",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The WebSocket transport (docs/transports.md): NIO's HTTP upgrade and WebSocket codec.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // The head-unit emulator's HMI in the browser: page, WebSocket, video fan-out, JPEG fallback.
        .target(
            name: "HeadUnitViewer",
            dependencies: [
                "HeadUnit", "SDLRPC", "SDLMedia",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcoming
        ),
        // The viewer over what an app sends (`carwindow demo --core`: the car's screen is out of reach), reading the
        // app's video manager and session; the viewer itself knows no app-side type.
        .target(
            name: "AppSideViewer",
            dependencies: [
                "HeadUnitViewer", "SDLRPC", "SDLMedia", "SDLSession", "SDLStreaming",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        // SDL Core's side of the protocol: the head-unit emulator for the demo and the tests.
        .target(
            name: "HeadUnit",
            dependencies: [
                "SDLWire", "SDLRPC", "SDLMedia", "SDLSecurity", "SDLWebSocket",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // Core's WebEngine server: apps over WebSocket (`--websocket-port`).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // UI: a small retained view tree rendered off-screen with Cairo and Pango (Debian libcairo2-dev,
        // libpango1.0-dev), touch gestures, haptic regions, and the projection facade on SDLStreaming and SDLSession.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // Pango's few calls are declared in its shim.h, so only cairo's flags are needed (pango's carry -pthread,
        // which SwiftPM refuses with a warning on every build); the libraries are linked by its module map.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        // Images: SVG icons through librsvg (Debian librsvg2-dev), JPEG through libjpeg-turbo (libturbojpeg0-dev).
        .systemLibrary(
            name: "CRsvg",
            // cairo's flags only: librsvg's own bring -pthread, which SwiftPM refuses (CRsvg/shim.h says why).
            pkgConfig: "cairo",
            providers: [.apt(["librsvg2-dev"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // The view toolkit: views, controls, lists, themes, animation, drawing, focus and haptic items, with no SDL
        // module in its dependency closure (CarWindowUITests depends on it alone to prove it).
        .target(
            name: "CarWindowUI",
            dependencies: ["ProjectionInput", "CCairo", "CPangoCairo", "CRsvg", "CTurboJPEG"],
            swiftSettings: upcoming
        ),
        // The view toolkit projected: a window as a ProjectionSource, its frame pump and its haptic data.
        .target(
            name: "CarWindow",
            dependencies: [
                "CarWindowUI", "CCairo", "SDLMedia", "SDLRPC", "SDLStreaming", "SDLSession", "SDLProjection",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // The sample navigation app (Examples/): the library `carwindow demo` links, and a program to copy.
        .target(
            name: "CarWindowDemo",
            dependencies: ["CarWindow", "SDLRPC", "SDLSession", .product(name: "Logging", package: "swift-log")],
            path: "Examples/CarWindowDemo",
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "NavigationDemoApp",
            dependencies: ["CarWindowDemo", "CarWindow"],
            path: "Examples/NavigationDemoApp",
            swiftSettings: upcoming
        ),
        // Any X11 application as a CarWindow view: a private Xvfb and D-Bus session per projection, capture through
        // XCB MIT-SHM and DAMAGE, input through XTEST, haptic rects from the AT-SPI tree (Debian libxcb*-dev,
        // libatspi2.0-dev; xvfb, dbus and at-spi2-core at run time). docs/project-any-app.md has the design.
        .systemLibrary(
            name: "CXCB",
            pkgConfig: "xcb-damage",
            providers: [.apt(["libxcb1-dev", "libxcb-shm0-dev", "libxcb-damage0-dev", "libxcb-xtest0-dev"])]
        ),
        .systemLibrary(
            name: "CAtspi",
            pkgConfig: "atspi-2",
            providers: [.apt(["libatspi2.0-dev"])]
        ),
        // The appearance part of the freedesktop Settings portal, served to the projected program on its private
        // bus (GIO's GDBus, Debian libglib2.0-dev): how night reaches Chromium, Electron and GTK on Wayland.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .target(
            name: "CDesktopPortal",
            dependencies: ["CGio"]
        ),
        // Frame-by-frame video sources for a projection: the moving test pattern with a frame counter, a looped
        // .y4m file and an H.264 file decoded by ffmpeg, each scaled to the stream's size (`carwindow stream
        // --source`).
        .target(
            name: "FrameSources",
            dependencies: ["SDLMedia", "SDLProjection", "SDLRPC"],
            swiftSettings: upcoming
        ),
        .target(
            name: "CarWindowX11",
            dependencies: [
                "CarWindow", "CXCB", "CAtspi", "CDesktopPortal", "SDLMedia",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        // Any Wayland application as a CarWindow view: a private headless sway per projection, capture through
        // wlr-screencopy (only when damaged), input through the wlr virtual pointer and the virtual keyboard
        // (Debian libwayland-dev; sway at run time). The protocol bindings are generated once and committed
        // (scripts/generate-wayland-protocols.sh). docs/project-any-app.md has the design.
        .systemLibrary(
            name: "CWayland",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        .target(
            name: "CWaylandClient",
            dependencies: ["CWayland"],
            linkerSettings: [.linkedLibrary("wayland-client")]
        ),
        .target(
            name: "CarWindowWayland",
            dependencies: [
                "CarWindow", "CarWindowX11", "CWaylandClient", .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        // Protected services: the security manager protocol and SDL's handshake carriage (pure), and the default
        // implementation on OpenSSL 3 through a system-library target (Debian libssl-dev).
        .target(
            name: "SDLSecurity",
            dependencies: ["SDLWire", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: upcoming
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(
            name: "SDLSecurityOpenSSL",
            dependencies: ["SDLSecurity", "COpenSSL", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: upcoming
        ),
        // The engine both media services run on: the state-machine protocol, one control loop, one run group,
        // events and statuses, and the one session adapter parameterised by the service (video 0x0B, audio 0x0A).
        .target(
            name: "SDLMediaService",
            dependencies: [
                "SDLWire", "SDLRPC", "SDLSession",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // The video stream lifecycle, negotiation, ranges and scale; reaches the session and the encoder through
        // two small protocols (VideoServiceConnection, VideoFrameEncoding); the SDLMedia adapter lives here.
        .target(
            name: "SDLStreaming",
            dependencies: [
                "SDLWire", "SDLRPC", "SDLMedia", "SDLSession", "SDLMediaService",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // Audio decoding and resampling: FFmpeg's libraries (Debian libavformat-dev, libavcodec-dev,
        // libswresample-dev, libavutil-dev). docs/audio.md says why FFmpeg rather than libsndfile + libsamplerate.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"])]
        ),
        // Audio streaming: PCM format, file decoding, paced playback queue, audio service lifecycle.
        .target(
            name: "SDLAudio",
            dependencies: [
                "SDLWire", "SDLRPC", "CFFmpeg", "SDLSession", "SDLMediaService",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // One projection run, whatever draws the frames: connect, video lifecycle, audio, touches in view points,
        // one event type and log schema, bounded shutdown. The CLI, CarWindow and any frame source run on it.
        // What a projection hands the UI it projects: touches in view points, gestures and their recognizer, hardware
        // buttons, the car's day/night appearance. Pure Swift, no SDL: the view toolkit builds on it.
        .target(
            name: "ProjectionInput",
            swiftSettings: upcoming
        ),
        .target(
            name: "SDLProjection",
            dependencies: [
                "ProjectionInput", "SDLRPC", "SDLSession", "SDLMedia", "SDLStreaming", "SDLAudio",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLProjectionTests",
            dependencies: [
                "SDLAudio",
                "SDLProjection", "CarWindowTesting", "HeadUnit", "SDLRPC", "SDLSession", "SDLStreaming", "SDLMedia",
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "CarWindowCLI",
            dependencies: [
                "HeadUnit", "HeadUnitViewer", "SDLSecurityOpenSSL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "SDLMedia", "CarWindow", "CarWindowDemo", "CarWindowX11", "CarWindowWayland",
                "FrameSources", "AppSideViewer", "ProjectionHosting",
                "SDLRPC",
                "SDLSession", "SDLStreaming", "SDLProjection", "SDLSecurity", "SDLWire",
            ],
            swiftSettings: upcoming
        ),
        // What `carwindow demo`, `project` and `headunit` run, as library types: the local emulator recording
        // beside the app, the browser viewer, the run's report, Ctrl-C as something to await.
        .target(
            name: "ProjectionHosting",
            dependencies: [
                "HeadUnit", "HeadUnitViewer", "AppSideViewer", "SDLProjection", "SDLRPC", "SDLSession", "SDLStreaming",
                "CarWindow", "CarWindowX11", "CarWindowWayland", "SDLWire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "ProjectionHostingTests",
            dependencies: [
                "ProjectionHosting", "HeadUnit", "HeadUnitViewer", "SDLProjection", "SDLSession", "SDLRPC",
                "SDLStreaming", "SDLWire", "FrameSources", "CarWindowTestingTools", "CarWindow", "CarWindowX11",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // `carwindow bench`'s benchmarks, in their own executable (`carwindow bench ARGS` runs `carwindow-bench
        // ARGS`): they alone need the C reference encoder, ffprobe and ffmpeg's checks and the DevTools client, so
        // `carwindow` links none of them.
        .executableTarget(
            name: "CarWindowBenchmarks",
            dependencies: [
                "HeadUnit", "CH264Reference", "CarWindow", "CarWindowDemo", "CarWindowX11", "CarWindowWayland",
                "FrameSources", "SDLMedia", "SDLProjection", "SDLRPC", "SDLSession", "SDLStreaming", "SDLWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // `bench soak` decodes the emulator's recording with ffprobe; `bench carwindow` settles with ffmpeg.
                "CarWindowTestingTools",
                // `bench glass` drives headless Chromium over the DevTools protocol.
                "BrowserTestSupport",
            ],
            swiftSettings: upcoming
        ),
        // Helpers for users' own tests (any test framework): the emulator as a fixture with waits that have deadlines,
        // taps on CarWindow views, frames decoded from the recording, TLS test certificates made with openssl. Not tied
        // to swift-testing or XCTest. Re-exports CarWindowTestingTools.
        .target(
            name: "CarWindowTesting",
            dependencies: [
                "CarWindowTestingTools", "HeadUnit", "SDLSession", "SDLSecurityOpenSSL", "SDLMedia", "SDLRPC",
                "CarWindow",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // The tools alone (external tools off the cooperative pool, ffprobe, blocking work): Foundation only, so the
        // low layers' tests use them without linking the emulator, the session or the UI.
        .target(
            name: "CarWindowTestingTools",
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "CarWindowTestingTests",
            dependencies: [
                "CarWindowTesting", "HeadUnit", "SDLSession", "SDLSecurity", "SDLSecurityOpenSSL", "SDLMedia", "SDLRPC",
                "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // The main both fuzzers share: libFuzzer's driver under -DCARWINDOW_LIBFUZZER, a replay tool otherwise.
        .target(
            name: "FuzzDriver",
            swiftSettings: upcoming
        ),
        // Fuzzing SDLWire: the harness (shared with the bounded randomized test) and the libFuzzer entry point.
        .target(
            name: "SDLWireFuzzSupport",
            dependencies: ["SDLWire", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "SDLWireFuzz",
            dependencies: ["FuzzDriver", "SDLWireFuzzSupport"],
            swiftSettings: upcoming
        ),
        // Fuzzing the RPC models' JSON decoding and the emulator's handling of an app (docs/rpc.md, "Fuzzing").
        .target(
            name: "SDLRPCFuzzSupport",
            dependencies: ["SDLRPC", "SDLWire", "HeadUnit", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "SDLRPCFuzz",
            dependencies: ["FuzzDriver", "SDLRPCFuzzSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLWireTests",
            dependencies: [
                "CarWindowTestingTools",
                "SDLWire",
                "SDLWireFuzzSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLSessionTests",
            dependencies: [
                "SDLSecurity", "CarWindowTestingTools",
                "SDLSession", "SDLWire", "SDLRPC", "HeadUnit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "HeadUnitTests",
            dependencies: [
                "CarWindowTestingTools",
                "HeadUnit", "SDLRPC", "SDLRPCFuzzSupport", "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLRPCTests",
            dependencies: ["CarWindowTestingTools", "SDLRPC", "SDLWire"],
            exclude: ["Fixtures"],
            swiftSettings: upcoming
        ),
        // Shared by the browser tests (not a product): headless Chromium over the DevTools protocol, child processes
        // whose output a test waits on.
        .target(
            name: "BrowserTestSupport",
            dependencies: [
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/BrowserTestSupport",
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "HeadUnitViewerTests",
            dependencies: [
                "CarWindowTestingTools",
                "CarWindowTesting", "SDLSession",
                "HeadUnitViewer", "AppSideViewer", "HeadUnit", "SDLRPC", "SDLMedia", "SDLStreaming",
                "BrowserTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "CarWindowTests",
            dependencies: [
                "CarWindow", "CarWindowDemo", "CarWindowUI", "SDLRPC", "CarWindowTestingTools",
                "CarWindowUITestSupport",
            ],
            exclude: ["Goldens", "Fixtures"],
            swiftSettings: upcoming
        ),
        // The view toolkit's own tests. They depend on CarWindowUI and SDL-free helpers only: that they build proves
        // the toolkit needs no SDL module.
        .testTarget(
            name: "CarWindowUITests",
            dependencies: ["CarWindowUI", "CarWindowTestingTools", "CarWindowUITestSupport"],
            swiftSettings: upcoming
        ),
        // What the toolkit's tests and CarWindow's share: touch timelines, a scripted keyboard. SDL-free as well.
        .target(
            name: "CarWindowUITestSupport",
            dependencies: ["CarWindowUI", "CarWindowTestingTools"],
            path: "Tests/CarWindowUITestSupport",
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "CarWindowStreamingTests",
            dependencies: [
                "CarWindowTestingTools", "CarWindow", "CarWindowDemo", "SDLMedia", "SDLRPC", "SDLSession",
                "SDLStreaming",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLSecurityTests",
            dependencies: [
                "CarWindowTesting",
                "SDLSecurity", "SDLSecurityOpenSSL", "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLMediaTests",
            dependencies: ["CarWindowTestingTools", "SDLMedia"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLStreamingTests",
            dependencies: [
                "CarWindowTesting",
                "HeadUnit", "SDLSession", .product(name: "Logging", package: "swift-log"),
                "SDLStreaming", "SDLRPC", "SDLWire", "SDLMedia", .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        // The streaming stack end to end: manager, session and encoder against the emulator over TCP.
        .testTarget(
            name: "StreamingIntegrationTests",
            dependencies: [
                "SDLWire",
                "CarWindowTesting",
                "HeadUnit", "SDLSession", "SDLStreaming", "SDLMedia", "SDLRPC", "SDLSecurityOpenSSL",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLAudioTests",
            dependencies: [
                "SDLSession",
                "CarWindowTestingTools", "SDLAudio", "SDLRPC", "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        // The projection end to end: CarWindow over a real session to the emulator on TCP, and `carwindow demo`.
        .testTarget(
            name: "CarWindowIntegrationTests",
            dependencies: [
                "CarWindowTesting",
                "CarWindow", "CarWindowDemo", "HeadUnit", "SDLSession", "SDLStreaming", "SDLRPC", "SDLMedia",
                "SDLProjection", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // SDLAudio on SDLSession against the HeadUnit emulator over TCP (recorded PCM, pacing beside video, HMI).
        .testTarget(
            name: "SDLAudioIntegrationTests",
            dependencies: [
                "CarWindowTesting",
                "SDLAudio", "SDLSession", "HeadUnit", "SDLRPC", "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        // Protected services and the secondary transport, end to end: the session against the emulator over TCP.
        .testTarget(
            name: "ProtectedStreamTests",
            dependencies: [
                "CarWindowTesting",
                "SDLSession", "SDLSecurity", "SDLSecurityOpenSSL", "HeadUnit", "SDLWire", "SDLRPC", "SDLMedia",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "FrameSourcesTests",
            dependencies: ["FrameSources", "SDLMedia", "SDLProjection", "SDLRPC"],
            swiftSettings: upcoming
        ),
        // Real X11 programs (a GTK 3 program, xcalc) projected into the emulator on a private Xvfb.
        .testTarget(
            name: "CarWindowX11Tests",
            dependencies: ["CarWindowTesting", "CarWindowX11", "CarWindow", "HeadUnit", "SDLSession", "SDLRPC"],
            swiftSettings: upcoming
        ),
        // Real Wayland programs (GTK 4 forced to Wayland, foot) projected into the emulator through a headless sway.
        .testTarget(
            name: "CarWindowWaylandTests",
            dependencies: [
                "CarWindowTesting", "CarWindowWayland", "CarWindowX11", "CarWindow", "HeadUnit", "SDLSession", "SDLRPC",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "CarWindowCLITests",
            dependencies: [
                "CarWindowTesting", "CarWindowTestingTools", "CarWindowCLI", "CarWindowDemo", "HeadUnit",
                "BrowserTestSupport",
                "SDLSession", "SDLSecurity",
                "SDLSecurityOpenSSL", "SDLWire", "SDLRPC", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
    ]
)
