import SDLRPC
import SDLSession

extension Projection {
    /// Subscribes to the app's buttons (``ProjectionOptions/buttons``) once `statuses` first leaves HMI NONE (SDL
    /// Core's policy refuses SubscribeButton in NONE), on this connection: a reconnection runs it again, since the
    /// new registration starts without subscriptions (after a resumption Core answers IGNORED, which counts as
    /// subscribed). Only the buttons the head unit lists and Core grants this kind of app are asked for; each gets
    /// a `buttonSubscription` event.
    func subscribeButtons(on session: SDLSession, after statuses: AsyncStream<HMIStatus>) async {
        let wanted = options.buttons
        guard !wanted.isEmpty else { return }
        var leftNone = false
        for await status in statuses where status.hmiLevel != .none {
            leftNone = true
            break
        }
        guard leftNone, !Task.isCancelled else { return }
        let offered = Set((await session.registration?.buttonCapabilities ?? []).map(\.name))
        let navigation = options.app.appType == .navigation
        let media = options.app.isMediaApplication
        var seen = Set<ButtonName>()
        for button in wanted where seen.insert(button).inserted {
            guard offered.contains(button) else {
                yield(.buttonSubscription(button, result: "notOffered"))
                continue
            }
            guard button.isSubscribable(navigation: navigation, media: media) else {
                yield(.buttonSubscription(button, result: "notAllowed"))
                continue
            }
            do {
                let response = try await session.send(SubscribeButton(buttonName: button))
                yield(.buttonSubscription(button, result: response.resultCode.rawValue))
            } catch is CancellationError {
                return
            } catch {
                let message = "SubscribeButton \(button): \(error)"
                yield(.error(ProjectionFailure(.requestFailed, message, underlying: error), source: .buttons))
            }
        }
    }

    /// The button event in `notification`, reported; a button notification that does not decode is reported as an
    /// error and gives `nil`, as does any other notification.
    func button(from notification: RPCNotificationMessage) -> ProjectionButton? {
        do {
            guard let button = try ProjectionButton(notification) else { return nil }
            yield(.button(button))
            return button
        } catch {
            let message = "a \(notification.functionID) that does not decode: \(error)"
            yield(.error(ProjectionFailure(.malformedNotification, message, underlying: error), source: .buttons))
            return nil
        }
    }
}
