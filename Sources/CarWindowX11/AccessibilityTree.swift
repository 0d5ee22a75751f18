import CAtspi
import CarWindow
import Foundation
import Glibc
package import Logging
import NIOConcurrencyHelpers

/// Reads the touchable elements of the projected application from its AT-SPI tree (libatspi), on one dedicated
/// thread: libatspi is not thread-safe, its D-Bus calls block, and it keeps one accessibility bus per process.
///
/// It also finds the focused editable text field (``FocusedTextField``), where the head unit's keyboard types.
///
/// The tree is read again when AT-SPI reports a change (children, bounds, states, focus, windows), at most every
/// ``minimumInterval``, plus every ``safetyInterval`` for toolkits that move things without telling. The result is
/// handed over only when it differs from the previous one.
///
/// Because libatspi holds one bus per process, only one projection at a time in a process reads a tree; the others
/// report that haptics are unavailable (``start(busAddress:onChange:)`` returns false).
package final class AccessibilityTree: @unchecked Sendable {
    // Unchecked: all libatspi state lives on the tree's own thread; `stopping` and `dirty` are behind locks.

    /// Roles that are controls by what they are: push and toggle buttons, check and radio boxes, links, menu items,
    /// entries, sliders, spin buttons, combo boxes, page tabs. Each shown and sensitive one is a haptic rect.
    static let controlRoles: Set<UInt32> = [
        ATSPI_ROLE_PUSH_BUTTON, ATSPI_ROLE_TOGGLE_BUTTON, ATSPI_ROLE_CHECK_BOX, ATSPI_ROLE_RADIO_BUTTON,
        ATSPI_ROLE_LINK, ATSPI_ROLE_MENU_ITEM, ATSPI_ROLE_CHECK_MENU_ITEM, ATSPI_ROLE_RADIO_MENU_ITEM,
        ATSPI_ROLE_ENTRY, ATSPI_ROLE_PASSWORD_TEXT, ATSPI_ROLE_SLIDER, ATSPI_ROLE_SPIN_BUTTON, ATSPI_ROLE_COMBO_BOX,
        ATSPI_ROLE_PAGE_TAB, ATSPI_ROLE_PUSH_BUTTON_MENU,
    ].reduce(into: Set<UInt32>()) { $0.insert($1.rawValue) }

    /// Roles that are text a driver can type into when, and only when, they are EDITABLE: GTK 3's `Gtk.Entry` and
    /// `Gtk.TextView` are "text", not "entry"; a label or a page's paragraph has the same roles read-only.
    static let textRoles: Set<UInt32> = [
        ATSPI_ROLE_TEXT, ATSPI_ROLE_PARAGRAPH, ATSPI_ROLE_SECTION, ATSPI_ROLE_TERMINAL,
    ].reduce(into: Set<UInt32>()) { $0.insert($1.rawValue) }

    /// Roles that are rows of a list, a table or a tree: a target only when a tap does something, i.e. the row is
    /// SELECTABLE or has an AT-SPI action (a plain `<li>` or a GTK list row with selection off has neither).
    static let rowRoles: Set<UInt32> = [
        ATSPI_ROLE_LIST_ITEM, ATSPI_ROLE_TABLE_CELL, ATSPI_ROLE_TREE_ITEM, ATSPI_ROLE_TABLE_ROW,
    ].reduce(into: Set<UInt32>()) { $0.insert($1.rawValue) }

    /// Actions Chromium gives every element, clickable or not ("clickAncestor": a part of something clickable, which
    /// is the target itself): they say nothing about what a tap does.
    static let placeholderActions: Set<String> = ["doDefault", "showContextMenu", "clickAncestor"]

    /// The AT-SPI events after which the tree is read again.
    static let eventTypes = [
        "object:children-changed", "object:bounds-changed", "object:state-changed:showing",
        "object:state-changed:visible", "object:state-changed:sensitive", "object:state-changed:focused", "window:",
        "object:visible-data-changed", "object:text-changed",
    ]

    /// Roles of a single-line entry, where a focus means typing (an editable "text" too, by ``textRoles``).
    static let entryRoles: Set<UInt32> = [ATSPI_ROLE_ENTRY, ATSPI_ROLE_PASSWORD_TEXT, ATSPI_ROLE_COMBO_BOX]
        .reduce(into: Set<UInt32>()) { $0.insert($1.rawValue) }

    /// Bounds on a hostile or huge tree: nodes visited per read, children looked at per node, depth.
    static let maximumNodes = 4000
    static let maximumChildren = 400
    static let maximumDepth = 48

    let minimumInterval: Duration
    let safetyInterval: Duration
    private let logger: Logger
    private let stopping = NIOLockedValueBox(false)
    /// Set when the thread has left libatspi and given up the claim (or never started).
    private let finished = NIOLockedValueBox(true)
    private let dirty = DirtyFlag()
    /// The coordinates the application being read is asked for (set per application by a read; the tree's thread
    /// only).
    private var coordinates = ATSPI_COORD_TYPE_SCREEN

    /// The one tree reader a process may have (libatspi's bus is process-wide).
    private static let claimed = NIOLockedValueBox(false)

    final class DirtyFlag: @unchecked Sendable {
        let value = NIOLockedValueBox(true)
    }

    package init(minimumInterval: Duration = .milliseconds(150), safetyInterval: Duration = .seconds(2), logger: Logger)
    {
        self.minimumInterval = minimumInterval
        self.safetyInterval = safetyInterval
        self.logger = logger
    }

    /// Starts reading the tree on the accessibility bus at `busAddress`; `onChange` gets every new reading (screen
    /// coordinates), on the tree's thread. False when an earlier projection in this process had the reader.
    package func start(busAddress: String, onChange: @escaping @Sendable (AccessibilityReading) -> Void) -> Bool {
        let first = Self.claimed.withLockedValue { claimed in
            defer { claimed = true }
            return !claimed
        }
        guard first else { return false }
        finished.withLockedValue { $0 = false }
        let thread = Thread { [self] in run(busAddress: busAddress, onChange: onChange) }
        thread.name = "carwindow-x11-atspi"
        thread.start()
        return true
    }

    package func stop() {
        stopping.withLockedValue { $0 = true }
    }

    /// Waits (at most `timeout`) until the thread has left libatspi, so the next projection in this process can
    /// read its own tree.
    package func waitUntilFinished(timeout: Duration) async {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !finished.withLockedValue({ $0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private func run(busAddress: String, onChange: @escaping @Sendable (AccessibilityReading) -> Void) {
        // libatspi finds the accessibility bus through this variable; the claim above makes this the only writer.
        setenv("AT_SPI_BUS_ADDRESS", busAddress, 1)
        atspi_set_timeout(1000, 5000)
        guard atspi_init() <= 1 else {
            logger.warning("AT-SPI did not start: no haptic rects from the application")
            Self.claimed.withLockedValue { $0 = false }
            finished.withLockedValue { $0 = true }
            return
        }
        let listener = atspi_event_listener_new(
            { event, userData in
                if let userData {
                    Unmanaged<DirtyFlag>.fromOpaque(userData).takeUnretainedValue().value.withLockedValue { $0 = true }
                }
                // The listener owns the copy libatspi hands it.
                if let event { g_boxed_free(atspi_event_get_type(), event) }
            }, Unmanaged.passUnretained(dirty).toOpaque(), nil)
        for type in Self.eventTypes { atspi_event_listener_register(listener, type, nil) }
        var last: AccessibilityReading?
        var lastRead: ContinuousClock.Instant?
        let started = ContinuousClock.now
        var saidEmpty = false
        while !stopping.withLockedValue({ $0 }) {
            // Dispatch what arrived on the bus (events, cache updates), so nothing piles up unread.
            var dispatched = 0
            while g_main_context_iteration(nil, 0) != 0, dispatched < 1000 { dispatched += 1 }
            let now = ContinuousClock.now
            let sinceRead = lastRead.map { $0.duration(to: now) }
            let changed = dirty.value.withLockedValue { $0 }
            let due = sinceRead.map { changed ? $0 >= minimumInterval : $0 >= safetyInterval } ?? true
            if due {
                dirty.value.withLockedValue { $0 = false }
                lastRead = now
                let reading = read()
                if reading != last {
                    last = reading
                    onChange(reading)
                }
                // Once: an application without accessibility (Xaw, plain X11, Chromium without the flag) gets none.
                if reading.elements.isEmpty, !saidEmpty, started.duration(to: now) > .seconds(5) {
                    saidEmpty = true
                    logger.info("no touchable elements in the accessibility tree: no haptic rects are sent")
                }
            }
            usleep(20_000)
        }
        if let listener {
            for type in Self.eventTypes { atspi_event_listener_deregister(listener, type, nil) }
            g_object_unref(listener)
        }
        // libatspi cannot be pointed at another bus once initialised (atspi_exit then atspi_init reads nothing from
        // the new bus), so the claim is kept: later projections in this process say they have no haptic rects.
        finished.withLockedValue { $0 = true }
    }

    /// One read of every application on the bus (the private bus has only the projected one and its helpers).
    private func read() -> AccessibilityReading {
        guard let desktop = atspi_get_desktop(0) else { return AccessibilityReading() }
        defer { g_object_unref(desktop) }
        atspi_accessible_clear_cache(desktop)
        var found = AccessibilityReading()
        var budget = Self.maximumNodes
        let count = min(Int(atspi_accessible_get_child_count(desktop, nil)), Self.maximumChildren)
        for index in 0..<max(0, count) {
            guard let app = atspi_accessible_get_child_at_index(desktop, Int32(index), nil) else { continue }
            let toolkit = Self.toolkit(of: app)
            // GTK 4 gives window-relative extents whatever it is asked, and warns on stderr at every read when
            // asked for screen ones; asked for window ones it gives the same numbers quietly (its window is at the
            // screen's top-left here). Every other toolkit is asked for screen coordinates.
            coordinates =
                toolkit.name == "GTK" && toolkit.major == 4 ? ATSPI_COORD_TYPE_WINDOW : ATSPI_COORD_TYPE_SCREEN
            let showingIsVisible = toolkit.name == "GTK" && toolkit.major == 4 && toolkit.minor < 10
            visit(app, depth: 0, showingIsVisible: showingIsVisible, budget: &budget, into: &found)
            g_object_unref(app)
        }
        return found
    }

    /// An application's toolkit and version ("GTK", 4, 8). GTK 4 before 4.10 sets SHOWING on its windows only,
    /// never on the widgets inside (GTK 3, Qt and Chromium set it on every element on screen): for such an
    /// application VISIBLE is taken for SHOWING below the window.
    private static func toolkit(of app: UnsafeMutablePointer<AtspiAccessible>) -> (name: String, major: Int, minor: Int)
    {
        func string(_ pointer: UnsafeMutablePointer<gchar>?) -> String {
            guard let pointer else { return "" }
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        let version = string(atspi_accessible_get_toolkit_version(app, nil)).split(separator: ".")
            .compactMap { Int($0) }
        return (
            string(atspi_accessible_get_toolkit_name(app, nil)), version.first ?? 0, version.dropFirst().first ?? 0
        )
    }

    private func visit(
        _ node: UnsafeMutablePointer<AtspiAccessible>, depth: Int, showingIsVisible: Bool, budget: inout Int,
        into found: inout AccessibilityReading
    ) {
        // A projection that ends mid-read (its application gone, every call timing out) stops reading at once.
        guard budget > 0, depth < Self.maximumDepth, !stopping.withLockedValue({ $0 }) else { return }
        budget -= 1
        let role = atspi_accessible_get_role(node, nil)
        if depth > 0 {
            guard let states = atspi_accessible_get_state_set(node) else { return }
            let visible = atspi_state_set_contains(states, ATSPI_STATE_VISIBLE) != 0
            let showing =
                visible
                && (atspi_state_set_contains(states, ATSPI_STATE_SHOWING) != 0 || (showingIsVisible && depth > 1))
            let sensitive = atspi_state_set_contains(states, ATSPI_STATE_SENSITIVE) != 0
            let editable = atspi_state_set_contains(states, ATSPI_STATE_EDITABLE) != 0
            let selectable = atspi_state_set_contains(states, ATSPI_STATE_SELECTABLE) != 0
            let focused = atspi_state_set_contains(states, ATSPI_STATE_FOCUSED) != 0
            g_object_unref(states)
            // A hidden container hides everything under it.
            guard showing else { return }
            if sensitive, isTarget(node, role: role, editable: editable, selectable: selectable),
                let element = element(node, role: role)
            {
                found.elements.append(element)
                if found.focusedText == nil, Self.isTextField(role: role, editable: editable) {
                    found.focusedText = focusedText(in: node, role: role, focused: focused, depth: 0)
                }
                // A combo box's or a button's inner parts are not separate targets.
                return
            }
        }
        let count = min(Int(atspi_accessible_get_child_count(node, nil)), Self.maximumChildren)
        for index in 0..<max(0, count) {
            guard let child = atspi_accessible_get_child_at_index(node, Int32(index), nil) else { continue }
            visit(child, depth: depth + 1, showingIsVisible: showingIsVisible, budget: &budget, into: &found)
            g_object_unref(child)
        }
    }

    /// Whether a driver can act on `node`: a control by its role, editable text, or a row a tap selects or
    /// activates. docs/project-any-app.md states the same rule for users.
    private func isTarget(
        _ node: UnsafeMutablePointer<AtspiAccessible>, role: AtspiRole, editable: Bool, selectable: Bool
    ) -> Bool {
        if Self.controlRoles.contains(role.rawValue) { return true }
        if Self.textRoles.contains(role.rawValue) { return editable }
        guard Self.rowRoles.contains(role.rawValue) else { return false }
        if selectable { return true }
        // Asked of rows only: a few more D-Bus calls per row, not per node of the tree.
        guard let action = atspi_accessible_get_action_iface(node) else { return false }
        defer { g_object_unref(action) }
        let count = min(Int(atspi_action_get_n_actions(action, nil)), 8)
        for index in 0..<max(0, count) {
            guard let pointer = atspi_action_get_action_name(action, Int32(index), nil) else { continue }
            let name = String(cString: pointer)
            g_free(pointer)
            if !name.isEmpty, !Self.placeholderActions.contains(name) { return true }
        }
        return false
    }

    /// Whether a driver types into an element of `role`: an entry (GTK 4 and Chromium mark the editable part
    /// inside), or text that is EDITABLE.
    private static func isTextField(role: AtspiRole, editable: Bool) -> Bool {
        entryRoles.contains(role.rawValue) || (editable && textRoles.contains(role.rawValue))
    }

    /// The field a target text element stands for when it, or an EDITABLE part of it at most two levels down (GTK
    /// 4's entry holds its text, a combo box its entry), has the focus.
    private func focusedText(
        in node: UnsafeMutablePointer<AtspiAccessible>, role: AtspiRole, focused: Bool, depth: Int
    ) -> FocusedTextField? {
        if focused, let element = element(node, role: role) {
            let secret = role == ATSPI_ROLE_PASSWORD_TEXT
            return FocusedTextField(
                key: element.key, role: element.role, name: element.name, text: secret ? "" : Self.text(of: node),
                isSecret: secret, rect: element.rect)
        }
        guard depth < 2 else { return nil }
        let count = min(Int(atspi_accessible_get_child_count(node, nil)), 8)
        for index in 0..<max(0, count) {
            guard let child = atspi_accessible_get_child_at_index(node, Int32(index), nil) else { continue }
            defer { g_object_unref(child) }
            guard let states = atspi_accessible_get_state_set(child) else { continue }
            let childFocused = atspi_state_set_contains(states, ATSPI_STATE_FOCUSED) != 0
            let childEditable = atspi_state_set_contains(states, ATSPI_STATE_EDITABLE) != 0
            g_object_unref(states)
            let childRole = atspi_accessible_get_role(child, nil)
            if (childFocused && childEditable) || depth == 0,
                let field = focusedText(
                    in: child, role: childRole, focused: childFocused && childEditable, depth: depth + 1)
            {
                return field
            }
        }
        return nil
    }

    /// The text of a field, at most ``FocusedTextField/maximumTextLength`` characters.
    private static func text(of node: UnsafeMutablePointer<AtspiAccessible>) -> String {
        guard let text = atspi_accessible_get_text_iface(node) else { return "" }
        defer { g_object_unref(text) }
        let count = min(Int(atspi_text_get_character_count(text, nil)), FocusedTextField.maximumTextLength)
        guard count > 0, let pointer = atspi_text_get_text(text, 0, Int32(count), nil) else { return "" }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    private func element(_ node: UnsafeMutablePointer<AtspiAccessible>, role: AtspiRole) -> AccessibleElement? {
        guard let component = atspi_accessible_get_component_iface(node) else { return nil }
        defer { g_object_unref(component) }
        guard let extents = atspi_component_get_extents(component, coordinates, nil) else { return nil }
        defer { g_free(extents) }
        let rect = Rect(
            x: Double(extents.pointee.x), y: Double(extents.pointee.y), width: Double(extents.pointee.width),
            height: Double(extents.pointee.height))
        guard rect.width > 0, rect.height > 0 else { return nil }
        let object = UnsafeMutableRawPointer(node).assumingMemoryBound(to: AtspiObject.self).pointee
        let bus = object.app.flatMap { $0.pointee.bus_name.map { String(cString: $0) } } ?? ""
        let path = object.path.map { String(cString: $0) } ?? ""
        let roleName =
            atspi_role_get_name(role).map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            } ?? "\(role.rawValue)"
        let name =
            atspi_accessible_get_name(node, nil).map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            } ?? ""
        return AccessibleElement(key: bus + path, role: roleName, name: name, rect: rect)
    }
}
