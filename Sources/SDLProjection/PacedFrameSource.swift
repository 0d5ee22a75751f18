public import SDLMedia
public import SDLRPC
import SDLStreaming

/// Makes frames one at a time, at whatever size the stream has: a test pattern, a decoded file.
///
/// One task owns a producer (the paced loop), so a producer need not be `Sendable`. The size can change between two
/// calls (a resize, picture-in-picture): a producer draws or scales each frame to the size it is asked for.
///
/// ```swift
/// final class Grey: FrameProducer {
///     func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame? {
///         VideoFrame.filled(width: size.width, height: size.height, luma: 128)
///     }
/// }
/// ```
public protocol FrameProducer: AnyObject {
    /// Frame number `index` (counting from 0 over the whole run) at `size`, or `nil` when the producer has ended.
    func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame?
}

/// A ``ProjectionSource`` that sends a ``FrameProducer``'s frames while the video manager streams, at the negotiated
/// frame rate, and sleeps until the next video event otherwise. A producer that ends ends the run as a failure
/// (`sourceFailed`): a stream that runs dry is not a good run.
///
/// ```swift
/// let source = PacedFrameSource(name: "pattern") { PatternProducer() }
/// try await streaming.run(source: source)
/// ```
public struct PacedFrameSource: ProjectionSource {
    /// What the run's messages call the source (`pattern`, a file name).
    public var name: String
    private let makeProducer: @Sendable () throws(ProjectionFailure) -> any FrameProducer

    /// - Parameters:
    ///   - name: for messages.
    ///   - makeProducer: opens the producer; called once, when the run starts.
    public init(name: String, makeProducer: @escaping @Sendable () throws(ProjectionFailure) -> any FrameProducer) {
        self.name = name
        self.makeProducer = makeProducer
    }

    public func run(in context: ProjectionContext) async throws(ProjectionFailure) {
        let producer = try makeProducer()
        let manager = context.videoManager
        var events = context.videoEvents.makeAsyncIterator()
        let clock = ContinuousClock()
        var deadline = clock.now
        var index = 0
        while !Task.isCancelled {
            let status = await manager.status
            guard status.isStreaming, let size = status.size else {
                // Not streaming (waiting for the head unit, suspended, restarting): sleep until the next event.
                guard await events.next() != nil else { return }
                deadline = clock.now
                continue
            }
            let started = ContinuousClock.now
            guard let frame = try producer.nextFrame(index: index, size: size) else {
                throw ProjectionFailure(.sourceFailed, "the source \(name) ended")
            }
            let rendered = ContinuousClock.now
            if case .sent = await manager.send(frame), context.reportsFrameTimings {
                await context.report(.frame(FrameTiming(started: started, rendered: rendered, sent: .now)))
            }
            index += 1
            let rate = max(1, status.encoder?.frameRate ?? 15)
            // Catch up after a stall, but by no more than 200 ms: a late frame is sent, not a burst of them.
            deadline = max(deadline.advanced(by: .seconds(1) / rate), clock.now.advanced(by: .milliseconds(-200)))
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return
            }
        }
    }
}
