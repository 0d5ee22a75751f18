import SDLRPC
import SDLSession

extension WindowSource {
    /// OnDriverDistraction: the window's `Window.isDriverDistracted` follows DD_ON / DD_OFF, so lists apply their
    /// `ListView.DistractionBehavior`. The run reports each one (its `driverDistraction` event, which may come
    /// before the window follows) and one that does not decode (an `error`, source `session`): that one changes
    /// nothing here.
    func driverDistractionChanged(_ notification: RPCNotificationMessage) {
        guard let distraction = try? notification.decode(OnDriverDistraction.self) else { return }
        window.isDriverDistracted = distraction.state == .ddOn
    }
}
