import SDLRPC
import SDLSession

extension CarWindowProjection {
    /// OnKeyboardInput goes to the open keyboard's field.
    func keyboardInput(_ notification: RPCNotificationMessage) {
        do {
            keyboard.received(try notification.decode(OnKeyboardInput.self))
        } catch {
            report(CarWindowError(.session, "OnKeyboardInput: \(error)", underlying: error))
        }
    }
}
