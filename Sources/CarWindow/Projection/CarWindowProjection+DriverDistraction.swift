import SDLRPC
import SDLSession

extension CarWindowProjection {
    /// OnDriverDistraction: the window's ``Window/isDriverDistracted`` follows DD_ON / DD_OFF, so lists apply their
    /// ``ListView/DistractionBehavior``. A notification that does not decode is reported and changes nothing.
    func driverDistractionChanged(_ notification: RPCNotificationMessage) {
        do {
            let distraction = try notification.decode(OnDriverDistraction.self)
            let distracted = distraction.state == .ddOn
            window.isDriverDistracted = distracted
            yield(.driverDistractionChanged(distracted))
        } catch {
            report(CarWindowError(.session, "OnDriverDistraction: \(error)", underlying: error))
        }
    }
}
