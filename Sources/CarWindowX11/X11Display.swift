import CXCB
import CarWindow
import Foundation
import Glibc
import Logging
import NIOConcurrencyHelpers

/// One XCB connection to a display: window placement without a window manager, capture through MIT-SHM driven by
/// DAMAGE, and input through XTEST.
///
/// A dedicated thread owns the event loop: it waits on the connection (never on the cooperative pool), places newly
/// mapped top-level windows, collects damage and, at most once per ``minimumCaptureInterval``, captures the viewport
/// into the back one of two shared-memory images and swaps it to the front. Readers take the front image under a
/// lock that is never held across a round trip to the server, so a stalled X server cannot stall the renderer.
/// Nothing is captured while nothing is damaged: a static application costs nothing.
final class X11Display: @unchecked Sendable {
    // Unchecked: `connection` is an XCB connection, which is thread-safe; the mutable state is in `state`, behind
    // its lock; `images` are written only by the event thread (the back one) and read under the lock (the front one).

    /// What the event thread tells its reader.
    enum Signal: Sendable {
        /// New pixels are in the front image; take the dirty rects with ``takeDirtyRects()``.
        case damaged
        /// A top-level window was mapped and placed.
        case windowMapped(UInt32)
        /// The X server closed the connection (it exited or crashed).
        case lost
    }

    let connection: OpaquePointer
    let root: xcb_window_t
    /// The X screen's size in pixels.
    let screenWidth: Int
    let screenHeight: Int
    /// Captures are at most this often, however often the application draws.
    let minimumCaptureInterval: Duration
    let signals: AsyncStream<Signal>
    private let signalInput: AsyncStream<Signal>.Continuation
    private let logger: Logger
    private let images: [SharedImage]
    private let damageEvent: UInt8
    private let controlKeycode: UInt8?
    /// Keycodes lent to characters no key carries, for typing (X11Display+Typing).
    let spareKeys = X11SpareKeys()
    /// Where typed edits run, one call after another: it may pause for a keyboard mapping change to settle.
    let typingQueue = DispatchQueue(label: "carwindow.x11.typing")
    private let wake: (read: Int32, write: Int32)
    private let state: NIOLockedValueBox<State>
    private var thread: Thread?

    private struct State {
        var front = 0
        var viewport: (width: Int, height: Int)
        var dirty: [Rect] = []
        var stopping = false
        var resizePending = false
        /// Mapped top-levels we placed, oldest first; the last one fills the viewport.
        var managed: [xcb_window_t] = []
        /// With `--window`: the one window shown, nothing else is placed.
        var fixedWindow: xcb_window_t?
        var captures = 0
        /// Streams of ``captureCounts()`` and ``windowMappings()``; finished when the display stops.
        var watchers: [Int: Watcher] = [:]
        var nextWatcher = 0
    }

    /// A stream told of what the event thread does.
    private enum Watcher {
        case captures(AsyncStream<Int>.Continuation)
        case windows(AsyncStream<Void>.Continuation)

        var captures: AsyncStream<Int>.Continuation? {
            if case .captures(let continuation) = self { continuation } else { nil }
        }
        var windows: AsyncStream<Void>.Continuation? {
            if case .windows(let continuation) = self { continuation } else { nil }
        }

        func finish() {
            switch self {
            case .captures(let continuation): continuation.finish()
            case .windows(let continuation): continuation.finish()
            }
        }
    }

    /// Connects to `display` (`":3"`) and checks the extensions.
    ///
    /// - Parameters:
    ///   - window: attach to this existing top-level instead of placing newly mapped ones.
    /// - Throws: ``ProgramProjectionError/Kind/display`` when the display cannot be opened;
    ///   ``ProgramProjectionError/Kind/x11`` when MIT-SHM, DAMAGE or XTEST is missing.
    init(
        display: String, viewport: Size, window: UInt32? = nil, minimumCaptureInterval: Duration = .milliseconds(16),
        logger: Logger
    ) throws(ProgramProjectionError) {
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(display, &screenNumber), xcb_connection_has_error(connection) == 0 else {
            throw ProgramProjectionError(.display, "cannot open X display \(display)")
        }
        var iterator = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<max(0, Int(screenNumber)) { xcb_screen_next(&iterator) }
        guard let screen = iterator.data else {
            xcb_disconnect(connection)
            throw ProgramProjectionError(.display, "display \(display) has no screen \(screenNumber)")
        }
        self.connection = connection
        self.root = screen.pointee.root
        self.screenWidth = Int(screen.pointee.width_in_pixels)
        self.screenHeight = Int(screen.pointee.height_in_pixels)
        self.minimumCaptureInterval = minimumCaptureInterval
        self.logger = logger
        do throws(ProgramProjectionError) {
            for (name, extensionID) in [
                ("MIT-SHM", carwindow_xcb_shm_extension()),
                ("DAMAGE", carwindow_xcb_damage_extension()),
                ("XTEST", carwindow_xcb_test_extension()),
            ] {
                guard let data = xcb_get_extension_data(connection, extensionID), data.pointee.present != 0 else {
                    throw ProgramProjectionError(.x11, "display \(display) lacks the \(name) extension")
                }
            }
            damageEvent = xcb_get_extension_data(connection, carwindow_xcb_damage_extension()).pointee.first_event
            // DAMAGE needs XFIXES and both need their versions negotiated before use.
            free(xcb_xfixes_query_version_reply(connection, xcb_xfixes_query_version(connection, 5, 0), nil))
            free(xcb_damage_query_version_reply(connection, xcb_damage_query_version(connection, 1, 1), nil))
            let capacity = screenWidth * screenHeight * 4
            images = [
                try SharedImage(connection: connection, capacity: capacity),
                try SharedImage(connection: connection, capacity: capacity),
            ]
            wake = try DescriptorReader.makePipe()
        } catch {
            xcb_disconnect(connection)
            throw error
        }
        controlKeycode = X11KeyboardMapping(connection: connection)?.key(for: 0xffe3)?.keycode  // XK_Control_L
        let width = min(Int(viewport.width.rounded()), screenWidth)
        let height = min(Int(viewport.height.rounded()), screenHeight)
        state = NIOLockedValueBox(State(viewport: (width, height), fixedWindow: window))
        (signals, signalInput) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(8))

        let damage = xcb_generate_id(connection)
        xcb_damage_create(connection, damage, root, UInt8(XCB_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES.rawValue))
        var mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue
        xcb_change_window_attributes(connection, root, XCB_CW_EVENT_MASK.rawValue, &mask)
        if let window { place(window) }
        xcb_flush(connection)
    }

    /// Starts the event thread.
    func start() {
        let thread = Thread { [self] in eventLoop() }
        thread.name = "carwindow-x11-events"
        thread.start()
        self.thread = thread
    }

    /// Ends the event thread, then the connection. Safe to call more than once.
    func stop() {
        let first = state.withLockedValue { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        poke()
        signalInput.finish()
        // Finished outside the lock: a stream's termination handler takes it to unregister.
        let watchers = state.withLockedValue { state in
            defer { state.watchers = [:] }
            return Array(state.watchers.values)
        }
        for watcher in watchers { watcher.finish() }
    }

    deinit {
        for image in images { image.release(connection: connection) }
        xcb_disconnect(connection)
        close(wake.read)
        close(wake.write)
    }

    // MARK: Reading pixels

    /// The viewport's size in pixels (at most the screen's).
    var viewportSize: (width: Int, height: Int) { state.withLockedValue { $0.viewport } }

    /// How many captures the event thread made.
    var captureCount: Int { state.withLockedValue { $0.captures } }

    /// The capture count now, then after each capture; finished when the display stops.
    func captureCounts() -> AsyncStream<Int> {
        watch(Watcher.captures) { $0.captures }
    }

    /// An element now, then one each time a top-level window is mapped and placed; finished when the display
    /// stops. Look at ``shownWindow`` on each.
    func windowMappings() -> AsyncStream<Void> {
        watch(Watcher.windows) { _ in }
    }

    private func watch<Value: Sendable>(
        _ watcher: (AsyncStream<Value>.Continuation) -> Watcher, now: (State) -> Value
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        // Registered and given the current value under one lock, so no change falls between the two.
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

    /// Calls `body` with the front image (BGRX rows of `width * 4` bytes), or does nothing before the first capture.
    func withFrontImage(_ body: (UnsafeRawPointer, _ width: Int, _ height: Int) -> Void) {
        state.withLockedValue { state in
            let image = images[state.front]
            guard image.width > 0 else { return }
            body(UnsafeRawPointer(image.bytes), image.width, image.height)
        }
    }

    /// Takes the areas (viewport coordinates) changed since the last call.
    func takeDirtyRects() -> [Rect] {
        state.withLockedValue { state in
            defer { state.dirty = [] }
            return state.dirty
        }
    }

    /// Changes the viewport: the shown window is resized to it (clipped to the screen, which Xvfb cannot resize).
    func resize(to viewport: Size) {
        state.withLockedValue { state in
            state.viewport = (
                min(max(1, Int(viewport.width.rounded())), screenWidth),
                min(max(1, Int(viewport.height.rounded())), screenHeight)
            )
            state.resizePending = true
        }
        poke()
    }

    /// The window that fills the viewport now, if any.
    var shownWindow: UInt32? { state.withLockedValue { $0.fixedWindow ?? $0.managed.last } }

    // MARK: Input

    /// XTEST: moves the pointer to viewport coordinates.
    func movePointer(to point: Point) {
        let x = Int16(clamping: Int(point.x.rounded()))
        let y = Int16(clamping: Int(point.y.rounded()))
        xcb_test_fake_input(connection, UInt8(XCB_MOTION_NOTIFY), 0, UInt32(XCB_CURRENT_TIME), root, x, y, 0)
    }

    /// XTEST: presses or releases a pointer button (1 left, 4/5 wheel up/down).
    func button(_ button: UInt8, pressed: Bool) {
        let type = UInt8(pressed ? XCB_BUTTON_PRESS : XCB_BUTTON_RELEASE)
        xcb_test_fake_input(connection, type, button, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0)
    }

    /// XTEST: presses or releases the Control key; false when the keyboard has none.
    @discardableResult
    func control(pressed: Bool) -> Bool {
        guard let controlKeycode else { return false }
        let type = UInt8(pressed ? XCB_KEY_PRESS : XCB_KEY_RELEASE)
        xcb_test_fake_input(connection, type, controlKeycode, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0)
        return true
    }

    /// XTEST: presses or releases the key that carries `keysym` in `mapping` (read now when not given), with Shift
    /// around it when the keysym is on the key's shifted level (`plus` on a US keyboard); false when no key carries
    /// it.
    @discardableResult
    func key(_ keysym: UInt32, pressed: Bool, mapping: X11KeyboardMapping? = nil) -> Bool {
        guard let mapping = mapping ?? X11KeyboardMapping(connection: connection),
            let found = mapping.key(for: keysym)
        else { return false }
        let shift = found.shifted ? mapping.key(for: 0xffe1)?.keycode : nil  // XK_Shift_L
        let type = UInt8(pressed ? XCB_KEY_PRESS : XCB_KEY_RELEASE)
        if let shift, pressed { xcb_test_fake_input(connection, type, shift, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0) }
        xcb_test_fake_input(connection, type, found.keycode, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0)
        if let shift, !pressed { xcb_test_fake_input(connection, type, shift, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0) }
        return true
    }

    /// The server's keyboard mapping now (one round trip); `nil` when it does not answer.
    func keyboardMapping() -> X11KeyboardMapping? { X11KeyboardMapping(connection: connection) }

    /// Sends queued requests to the server.
    func flush() { xcb_flush(connection) }

    // MARK: The event thread

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func eventLoop() {
        let fd = xcb_get_file_descriptor(connection)
        var damaged = true  // the first capture shows what is already there
        var lastCapture: ContinuousClock.Instant?
        while !state.withLockedValue({ $0.stopping }) {
            // Events xcb read while waiting for a reply (the capture's image, a window's property, another thread's
            // request) sit in its queue and never make the socket readable again: handle them before sleeping in
            // poll, or a map or a damage can wait there until some later event happens to wake the loop.
            while let event = xcb_poll_for_queued_event(connection) {
                if handle(event) { damaged = true }
                free(event)
            }
            var timeout: Int32 = -1
            if damaged, let lastCapture {
                let wait = minimumCaptureInterval - lastCapture.duration(to: .now)
                timeout = wait <= .zero ? 0 : Int32(wait.components.attoseconds / 1_000_000_000_000_000) + 1
            } else if damaged {
                timeout = 0
            }
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno != EINTR { break }
            if fds[1].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 64)
                _ = read(wake.read, &sink, sink.count)
            }
            while let event = xcb_poll_for_event(connection) {
                if handle(event) { damaged = true }
                free(event)
            }
            guard xcb_connection_has_error(connection) == 0 else {
                logger.info("the X server closed the connection")
                signalInput.yield(.lost)
                break
            }
            if state.withLockedValue({ state in
                defer { state.resizePending = false }
                return state.resizePending
            }) {
                if let window = shownWindow { place(window) }
                state.withLockedValue {
                    $0.dirty = [Rect(x: 0, y: 0, width: Double(screenWidth), height: Double(screenHeight))]
                }
                damaged = true
            }
            if damaged, lastCapture.map({ $0.duration(to: .now) >= minimumCaptureInterval }) ?? true {
                damaged = false
                lastCapture = .now
                capture()
            }
        }
        signalInput.finish()
    }

    /// Handles one event; true when it damaged the screen.
    private func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> Bool {
        let type = event.pointee.response_type & 0x7f
        switch type {
        case damageEvent &+ UInt8(XCB_DAMAGE_NOTIFY):
            let area = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_damage_notify_event_t.self).pointee
                .area
            let damage = Rect(
                x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height))
            // The screen can be larger than the viewport; what is drawn outside it is never shown.
            return state.withLockedValue { state -> Bool in
                let (width, height) = state.viewport
                let rect = damage.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
                guard !rect.isEmpty else { return false }
                if let index = state.dirty.firstIndex(where: { $0.intersects(rect) }) {
                    state.dirty[index] = state.dirty[index].union(rect)
                } else if state.dirty.count >= 16 {
                    state.dirty = [state.dirty.reduce(rect) { $0.union($1) }]
                } else {
                    state.dirty.append(rect)
                }
                return true
            }
        case UInt8(XCB_MAP_NOTIFY):
            let map = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_map_notify_event_t.self).pointee
            guard map.override_redirect == 0, !isTransient(map.window) else { return false }
            let placed = state.withLockedValue { state -> Bool in
                guard state.fixedWindow == nil else { return false }
                state.managed.removeAll { $0 == map.window }
                state.managed.append(map.window)
                return true
            }
            if placed {
                place(map.window)
                signalInput.yield(.windowMapped(map.window))
                let watchers = state.withLockedValue { $0.watchers.values.compactMap(\.windows) }
                for watcher in watchers { watcher.yield() }
            }
            return false
        case UInt8(XCB_UNMAP_NOTIFY), UInt8(XCB_DESTROY_NOTIFY):
            // Both events carry the window in the same place after `event`.
            let window = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_unmap_notify_event_t.self)
                .pointee.window
            state.withLockedValue { $0.managed.removeAll { $0 == window } }
            return false
        case UInt8(XCB_CONFIGURE_NOTIFY):
            // An application that resizes its own top-level is put back to the viewport.
            let configure = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_configure_notify_event_t.self)
                .pointee
            let (shown, viewport) = state.withLockedValue { ($0.fixedWindow ?? $0.managed.last, $0.viewport) }
            if configure.window == shown,
                configure.x != 0 || configure.y != 0 || Int(configure.width) != viewport.width
                    || Int(configure.height) != viewport.height
            {
                place(configure.window)
            }
            return false
        default:
            return false
        }
    }

    /// Moves `window` to the top-left corner at the viewport's size, on top, with the keyboard focus.
    private func place(_ window: xcb_window_t) {
        let viewport = state.withLockedValue { $0.viewport }
        var values: [UInt32] = [
            0, 0, UInt32(viewport.width), UInt32(viewport.height), 0, XCB_STACK_MODE_ABOVE.rawValue,
        ]
        let mask =
            XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue | XCB_CONFIG_WINDOW_WIDTH.rawValue
            | XCB_CONFIG_WINDOW_HEIGHT.rawValue | XCB_CONFIG_WINDOW_BORDER_WIDTH.rawValue
            | XCB_CONFIG_WINDOW_STACK_MODE.rawValue
        xcb_configure_window(connection, window, UInt16(mask), &values)
        xcb_set_input_focus(
            connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, UInt32(XCB_CURRENT_TIME))
        xcb_flush(connection)
    }

    /// Dialogs (WM_TRANSIENT_FOR set) stay where the application puts them.
    private func isTransient(_ window: xcb_window_t) -> Bool {
        let cookie = xcb_get_property(
            connection, 0, window, XCB_ATOM_WM_TRANSIENT_FOR.rawValue, XCB_ATOM_WINDOW.rawValue, 0, 1)
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return false }
        defer { free(reply) }
        return xcb_get_property_value_length(reply) > 0
    }

    /// Captures the viewport into the back image and makes it the front one.
    private func capture() {
        let (back, viewport) = state.withLockedValue { (1 - $0.front, $0.viewport) }
        guard
            images[back].capture(
                connection: connection, drawable: root, x: 0, y: 0, width: viewport.width, height: viewport.height)
        else { return }
        let (count, watchers) = state.withLockedValue { state in
            state.front = back
            state.captures += 1
            return (state.captures, state.watchers.values.compactMap(\.captures))
        }
        signalInput.yield(.damaged)
        // Only this thread captures, so the counts reach each stream in order.
        for watcher in watchers { watcher.yield(count) }
    }

    /// Captures the whole viewport into the first image now, on the calling thread (benchmarks only: the event
    /// thread must not be running). Returns the image's bytes.
    func captureForBenchmark() -> UnsafeRawBufferPointer? {
        let viewport = viewportSize
        guard
            images[0].capture(
                connection: connection, drawable: root, x: 0, y: 0, width: viewport.width, height: viewport.height)
        else { return nil }
        return UnsafeRawBufferPointer(start: images[0].bytes, count: viewport.width * viewport.height * 4)
    }
}
