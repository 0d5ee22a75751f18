// swift-tools-version: 6.1
// CarWindow: project a Swift UI into a car over SmartDeviceLink.
//
// Targets follow the layers and depend one way:
//   SDLWire (pure wire format) -> SDLRPC (typed RPC models) -> SDLSession (NIO transports, session)
//   SDLMedia (H.264 encoder, packetizers) -> SDLStreaming -> CarWindow -> HeadUnit / viewer / CLI
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
        .executable(name: "carwindow", targets: ["CarWindowCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
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
            dependencies: ["COpenH264", "CLibYUV", .product(name: "Logging", package: "swift-log")],
            swiftSettings: upcoming
        ),
        // Session and transports on SwiftNIO.
        .target(
            name: "SDLSession",
            dependencies: [
                "SDLWire", "SDLRPC",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "CarWindowCLI",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLWireTests",
            dependencies: [
                "SDLWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SDLSessionTests",
            dependencies: [
                "SDLSession", "SDLWire", "SDLRPC",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "CarWindowCLITests",
            dependencies: ["CarWindowCLI"],
            swiftSettings: upcoming
        ),
    ]
)
