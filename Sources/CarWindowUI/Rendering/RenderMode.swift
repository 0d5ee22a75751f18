/// How much of a frame is redrawn.
///
/// ```swift
/// var configuration = Window.Configuration()
/// configuration.renderMode = .full   // always repaint everything
/// ```
public enum RenderMode: Hashable, Sendable {
    /// Repaint the whole frame whenever anything changed.
    case full
    /// Repaint only the areas marked dirty, when the target still holds the previous frame (same memory, same size);
    /// otherwise fall back to a full repaint.
    case dirtyRegions
}

/// What a render did, so the caller encodes only frames that changed.
///
/// ```swift
/// let report = try window.render(into: target)
/// if report.wasDirty { try encoder.encode(target) }
/// ```
public struct FrameReport: Hashable, Sendable {
    /// True when something changed and pixels were written; false means the target was not touched.
    public var wasDirty: Bool
    /// True when the whole frame was repainted.
    public var isFullRedraw: Bool
    /// The repainted areas in pixels (the whole frame for a full redraw, empty when not dirty).
    public var redrawnRegion: [Rect]
    /// The frame size in pixels.
    public var size: Size

    public init(wasDirty: Bool, isFullRedraw: Bool, redrawnRegion: [Rect], size: Size) {
        self.wasDirty = wasDirty
        self.isFullRedraw = isFullRedraw
        self.redrawnRegion = redrawnRegion
        self.size = size
    }
}

/// Anything that renders frames on demand: the seam between the view layer and the video stream.
///
/// ```swift
/// func captureFrame(from source: some FrameSource, into target: RenderTarget) throws -> Bool {
///     try source.render(into: target).wasDirty
/// }
/// ```
@CarWindowActor
public protocol FrameSource: AnyObject {
    /// The size frames must have, in pixels.
    var frameSize: Size { get }
    /// Renders into `target` if anything changed (or the target is new) and says what it did.
    func render(into target: RenderTarget) throws(CarWindowError) -> FrameReport
}
