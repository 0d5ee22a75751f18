import CWaylandClient
import CarWindow
import CarWindowX11
import Foundation
import Glibc
import Logging
import NIOConcurrencyHelpers

/// One client connection to the private compositor: capture through wlr-screencopy, input through the virtual pointer
/// and keyboard, the output's size through sway's IPC, and the count of top-level windows.
///
/// A dedicated thread owns the connection's events: it asks for the next frame *with damage* into the back one of two
/// shared-memory images, sleeps until the compositor has one (a still program sends none: it costs nothing), swaps it
/// to the front and reports the damaged areas. Captures are at most once per ``minimumCaptureInterval``. Readers take
/// the front image under a lock that is never held across a wait for the compositor.
final class WaylandDisplay: @unchecked Sendable {
    // Unchecked: `client` is libwayland's, whose requests are thread-safe; its events are handled only by the event
    // thread, which alone writes the back image; the front image is read under `state`'s lock, which the event
    // thread takes to swap.

    /// What the event thread tells its reader.
    enum Signal: Sendable {
        /// New pixels are in the front image; take the dirty rects with ``takeDirtyRects()``.
        case damaged
        /// The compositor closed the connection.
        case lost
    }

    let minimumCaptureInterval: Duration
    let signals: AsyncStream<Signal>
    private let signalInput: AsyncStream<Signal>.Continuation
    private let client: OpaquePointer
    private let compositor: WaylandCompositor
    private let logger: Logger
    private let wake: (read: Int32, write: Int32)
    private let state: NIOLockedValueBox<State>
    private var thread: Thread?

    private struct State {
        var front = 0
        var viewport: (width: Int, height: Int)
        var dirty: [Rect] = []
        var stopping = false
        var resizePending = false
        var windows = 0
        var captures = 0
        var watchers: [Int: Watcher] = [:]
        var nextWatcher = 0
    }

    private enum Watcher {
        case captures(AsyncStream<Int>.Continuation)
        case windows(AsyncStream<Int>.Continuation)

        var captures: AsyncStream<Int>.Continuation? {
            if case .captures(let continuation) = self { continuation } else { nil }
        }
        var windows: AsyncStream<Int>.Continuation? {
            if case .windows(let continuation) = self { continuation } else { nil }
        }
        func finish() {
            switch self {
            case .captures(let continuation), .windows(let continuation): continuation.finish()
            }
        }
    }

    /// Connects to `compositor`.
    ///
    /// - Throws: ``ProgramProjectionError/Kind/wayland`` when the connection fails or a protocol is missing.
    init(
        compositor: WaylandCompositor, viewport: Size, minimumCaptureInterval: Duration = .milliseconds(16),
        logger: Logger
    ) throws(ProgramProjectionError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let client = carwindow_wayland_connect(compositor.socketPath, &message, message.count) else {
            let text = message.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
            throw ProgramProjectionError(.wayland, text)
        }
        do throws(ProgramProjectionError) {
            wake = try DescriptorReader.makePipe()
        } catch {
            carwindow_wayland_destroy(client)
            throw error
        }
        _ = fcntl(wake.read, F_SETFL, fcntl(wake.read, F_GETFL) | O_NONBLOCK)
        self.client = client
        self.compositor = compositor
        self.minimumCaptureInterval = minimumCaptureInterval
        self.logger = logger
        let size = (width: Int(viewport.width.rounded()), height: Int(viewport.height.rounded()))
        state = NIOLockedValueBox(State(viewport: size, windows: Int(carwindow_wayland_windows(client))))
        (signals, signalInput) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(8))
    }

    /// Starts the event thread.
    func start() {
        let thread = Thread { [self] in eventLoop() }
        thread.name = "carwindow-wayland-events"
        thread.start()
        self.thread = thread
    }

    /// Ends the event thread; the connection closes when the display is released. Safe to call more than once.
    func stop() {
        let first = state.withLockedValue { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        poke()
        signalInput.finish()
        let watchers = state.withLockedValue { state in
            defer { state.watchers = [:] }
            return Array(state.watchers.values)
        }
        for watcher in watchers { watcher.finish() }
    }

    deinit {
        carwindow_wayland_destroy(client)
        close(wake.read)
        close(wake.write)
    }

    // MARK: Reading pixels

    /// How many captures the event thread made.
    var captureCount: Int { state.withLockedValue { $0.captures } }

    /// How many top-level windows are open.
    var windowCount: Int { state.withLockedValue { $0.windows } }

    /// The capture count now, then after each capture; finished when the display stops.
    func captureCounts() -> AsyncStream<Int> { watch(Watcher.captures) { $0.captures } }

    /// The number of top-level windows now, then after each change; finished when the display stops.
    func windowCounts() -> AsyncStream<Int> { watch(Watcher.windows) { $0.windows } }

    private func watch(
        _ watcher: (AsyncStream<Int>.Continuation) -> Watcher, now: (State) -> Int
    ) -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLockedValue { state in
            continuation.yield(now(state))
            guard !state.stopping else { return nil }
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[id] = watcher(continuation)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLockedValue { _ = $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `body` with the front image (BGRX rows of `stride` bytes), or does nothing before the first capture.
    func withFrontImage(_ body: (UnsafeRawPointer, _ width: Int, _ height: Int, _ stride: Int) -> Void) {
        state.withLockedValue { state in
            var width: Int32 = 0
            var height: Int32 = 0
            var stride: Int32 = 0
            guard let pixels = carwindow_wayland_image(client, Int32(state.front), &width, &height, &stride),
                width > 0
            else { return }
            body(pixels, Int(width), Int(height), Int(stride))
        }
    }

    /// Takes the areas (viewport coordinates) changed since the last call.
    func takeDirtyRects() -> [Rect] {
        state.withLockedValue { state in
            defer { state.dirty = [] }
            return state.dirty
        }
    }

    /// Changes the viewport: the compositor's output gets the new size (on the event thread; sway lays the program
    /// out again and the next capture has the new size).
    func resize(to viewport: Size) {
        let size = (
            width: min(max(16, Int(viewport.width.rounded())), 8192),
            height: min(max(16, Int(viewport.height.rounded())), 8192)
        )
        let changed = state.withLockedValue { state -> Bool in
            guard state.viewport != size else { return false }
            state.viewport = size
            state.resizePending = true
            return true
        }
        if changed { poke() }
    }

    // MARK: Input

    /// Moves the pointer to output coordinates (clamped to the output).
    func movePointer(to point: Point) {
        // A coordinate that is not a number goes to the edge, never into a trapping conversion.
        let x = point.x.isFinite ? UInt32(clamping: Int(max(0, min(point.x.rounded(), 65_535)))) : 0
        let y = point.y.isFinite ? UInt32(clamping: Int(max(0, min(point.y.rounded(), 65_535)))) : 0
        carwindow_wayland_pointer_move(client, x, y)
    }

    /// Presses or releases a pointer button (an evdev code: `BTN_LEFT` is 0x110).
    func button(_ code: UInt32, pressed: Bool) {
        carwindow_wayland_pointer_button(client, code, pressed ? 1 : 0)
    }

    /// Wheel steps: `vertical` true for up/down; positive steps scroll down or right.
    func wheel(vertical: Bool, steps: Int) {
        carwindow_wayland_pointer_wheel(client, vertical ? 0 : 1, Int32(clamping: steps))
    }

    /// Presses or releases a key (an evdev code: `KEY_LEFTCTRL` is 29).
    func key(_ code: UInt32, pressed: Bool) {
        carwindow_wayland_key(client, code, pressed ? 1 : 0)
    }

    /// Types X keysyms (any character) through keymaps made for them; false when a keymap could not be made.
    func type(_ keysyms: [UInt32]) -> Bool {
        var start = 0
        while start < keysyms.count {
            let end = min(start + Int(CARWINDOW_WAYLAND_MAX_TYPED_KEYSYMS), keysyms.count)
            let typed = keysyms[start..<end].withUnsafeBufferPointer { buffer in
                carwindow_wayland_type_keysyms(client, buffer.baseAddress, buffer.count)
            }
            guard typed != 0 else { return false }
            start = end
        }
        return true
    }

    /// Sends queued requests to the compositor.
    func flush() { carwindow_wayland_flush(client) }

    // MARK: The event thread

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func eventLoop() {
        var waiting = false
        var lastCapture: ContinuousClock.Instant?
        var damage = [Int32](repeating: 0, count: 64)
        while !state.withLockedValue({ $0.stopping }) {
            if let resize = state.withLockedValue({ state -> (width: Int, height: Int)? in
                defer { state.resizePending = false }
                return state.resizePending ? state.viewport : nil
            }) {
                if !compositor.setOutputSize(width: resize.width, height: resize.height) {
                    logger.warning("the compositor did not take the output size \(resize.width)x\(resize.height)")
                }
            }
            var timeout: Int32 = -1
            if !waiting {
                let wait = lastCapture.map { minimumCaptureInterval - $0.duration(to: .now) } ?? .zero
                if wait <= .zero {
                    let back = 1 - state.withLockedValue { $0.front }
                    waiting = carwindow_wayland_capture(client, Int32(back)) != 0
                } else {
                    timeout = Int32(wait.components.attoseconds / 1_000_000_000_000_000) + 1
                }
            }
            let happened = UInt32(carwindow_wayland_step(client, wake.read, timeout))
            if happened & UInt32(CARWINDOW_WAYLAND_LOST) != 0 {
                logger.info("the compositor closed the connection")
                signalInput.yield(.lost)
                break
            }
            if happened & UInt32(CARWINDOW_WAYLAND_FAILED) != 0 {
                // A capture the compositor could not finish (the output changed size): the next one is asked for
                // after the usual interval.
                waiting = false
                lastCapture = .now
            }
            if happened & UInt32(CARWINDOW_WAYLAND_FRAME) != 0 {
                waiting = false
                lastCapture = .now
                let count = Int(carwindow_wayland_damage(client, &damage, 16))
                let rects = (0..<count).map { index in
                    Rect(
                        x: Double(damage[index * 4]), y: Double(damage[index * 4 + 1]),
                        width: Double(damage[index * 4 + 2]), height: Double(damage[index * 4 + 3]))
                }
                let (captures, watchers) = state.withLockedValue { state in
                    state.front = 1 - state.front
                    state.captures += 1
                    let whole = Rect(
                        x: 0, y: 0, width: Double(state.viewport.width), height: Double(state.viewport.height))
                    // The first capture, and every one after a size change, is all new.
                    state.dirty += state.captures == 1 || rects.isEmpty ? [whole] : rects
                    if state.dirty.count > 16 { state.dirty = [state.dirty.reduce(state.dirty[0]) { $0.union($1) }] }
                    return (state.captures, state.watchers.values.compactMap(\.captures))
                }
                signalInput.yield(.damaged)
                for watcher in watchers { watcher.yield(captures) }
            }
            if happened & UInt32(CARWINDOW_WAYLAND_WINDOWS) != 0 {
                let windows = Int(carwindow_wayland_windows(client))
                let watchers = state.withLockedValue { state in
                    state.windows = windows
                    return state.watchers.values.compactMap(\.windows)
                }
                for watcher in watchers { watcher.yield(windows) }
            }
        }
        signalInput.finish()
    }
}
