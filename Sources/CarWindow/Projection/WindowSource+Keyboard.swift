import SDLProjection
import SDLRPC
import SDLSession

extension WindowSource {
    /// OnKeyboardInput goes to the open keyboard's field.
    func keyboardInput(_ notification: RPCNotificationMessage) async {
        do {
            keyboard.received(try notification.decode(OnKeyboardInput.self))
        } catch {
            let failure = ProjectionFailure(.malformedNotification, "OnKeyboardInput: \(error)", underlying: error)
            await report(failure, source: .session)
        }
    }
}
