import CDesktopPortal
import Logging
import NIOConcurrencyHelpers

/// The freedesktop Settings portal's colour scheme, served on a projection's private D-Bus session: how the car's
/// night reaches programs that read it rather than XSETTINGS. Chromium and Electron (`prefers-color-scheme`) follow
/// its `org.freedesktop.appearance` `color-scheme` live; `org.gnome.desktop.interface` `color-scheme` and
/// `gtk-theme` are served beside it for toolkits that read those through the portal. GIO's GDBus serves it from a
/// thread of its own (CDesktopPortal).
///
/// ```swift
/// let portal = AppearancePortal.start(busAddress: bus.address, dark: false, logger: logger)
/// portal?.setDark(true)   // the car's lights went to night
/// ```
package final class AppearancePortal: @unchecked Sendable {
    // Unchecked: the C portal is used from any thread (its state is atomic, its signals go through its own
    // context); every use holds the lock, so none can come during or after the stop that frees it.
    private let portal: OpaquePointer
    private let stopped = NIOLockedValueBox(false)

    private init(portal: OpaquePointer) {
        self.portal = portal
    }

    /// Exports the portal on the bus at `busAddress`; `nil` (and a log line) when it cannot: the program then
    /// keeps its own colour scheme.
    static func start(busAddress: String, dark: Bool, logger: Logger) -> AppearancePortal? {
        var error = [CChar](repeating: 0, count: 256)
        guard let portal = carwindow_portal_start(busAddress, dark ? 1 : 0, &error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            logger.warning("no appearance portal (\(reason)): night does not reach programs that read it")
            return nil
        }
        return AppearancePortal(portal: portal)
    }

    /// Dark or light, told to every program listening (SettingChanged).
    package func setDark(_ dark: Bool) {
        stopped.withLockedValue { stopped in
            if !stopped { carwindow_portal_set_dark(portal, dark ? 1 : 0) }
        }
    }

    /// Leaves the bus; safe to call more than once, and from any thread while another sets the scheme.
    func stop() {
        stopped.withLockedValue { stopped in
            if !stopped { carwindow_portal_stop(portal) }
            stopped = true
        }
    }
}
