/// The app's own state, set by the host program (there is no UIApplication on Linux; a desktop host is usually
/// always `.active`). The names follow the lifecycle table in docs/streaming.md
/// ("Lifecycle").
///
/// | state | may open the stream | should close it |
/// |---|---|---|
/// | `.background` | no | no (the stream is suspended) |
/// | `.regainingActive` | yes | yes: restart |
/// | `.active` (foreground) | yes | no |
/// | `.resigningActive` | no | no (the stream is suspended) |
///
/// ```swift
/// await manager.setAppState(.background)
/// ```
public enum AppState: Hashable, Sendable, CaseIterable {
    /// In the foreground, drawing.
    case active
    /// Inactive or in the background: not drawing.
    case background
    /// Coming back to the foreground.
    case regainingActive
    /// About to leave the foreground.
    case resigningActive

    /// The table's "may open stream" column for HMI levels LIMITED and FULL.
    public var mayOpenStream: Bool { self == .active || self == .regainingActive }

    /// The table's "should close stream" column for HMI levels LIMITED and FULL (`true` together with
    /// ``mayOpenStream`` means restart).
    public var shouldCloseStream: Bool { self == .regainingActive }
}

/// Where the video stream is in its lifecycle.
///
/// ```
///            gate opens                ACK                    app inactive
///  stopped ─────────────▶ starting ─────────▶ ready ◀──────────────────▶ suspended
///     ▲                     │  NAK→retry        │   app active (IDR)         │
///     │  EndServiceACK/NAK  │  NAK→error        │ gate closes / resize /     │
///     └──────────── shuttingDown ◀──────────────┴────────────────────────────┘
/// ```
public enum VideoStreamState: Hashable, Sendable {
    /// No video service.
    case stopped
    /// A StartService is out, waiting for the ACK or NAK.
    case starting
    /// Streaming: frames are encoded and sent.
    case ready
    /// The service is open but the app is in the background: no app frames are sent.
    case suspended
    /// An EndService is out, waiting for the answer.
    case shuttingDown
}
