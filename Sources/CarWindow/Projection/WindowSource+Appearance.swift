import SDLProjection
import SDLRPC
import SDLSession

extension WindowSource {
    /// The theme for `appearance` from the settings.
    func theme(for appearance: Appearance) -> Theme {
        appearance == .day ? settings.dayTheme : settings.nightTheme
    }

    /// Applies the settings' appearance and, when it follows the car, subscribes to `headLampStatus` and reads its
    /// current value. A refusal (DISALLOWED by policy, UNSUPPORTED_REQUEST, a timeout) leaves the app's choice until
    /// a policy update grants it (``permissionsChanged(_:)``).
    func followAppearance() async {
        window.theme = theme(for: settings.appearance.initial)
        guard case .followsCar = settings.appearance else { return }
        await subscribeToLights()
    }

    /// OnPermissionsChange: after a refusal, a policy update that grants `headLampStatus` on SubscribeVehicleData
    /// subscribes again, so day/night follows the car from then on (Core sends this after a policy table update).
    func permissionsChanged(_ notification: RPCNotificationMessage) async {
        guard case .followsCar = settings.appearance, headLampStatusRefusal != nil else { return }
        do {
            guard Self.grantsHeadLampStatus(try notification.decode(OnPermissionsChange.self)) else { return }
        } catch {
            let failure = ProjectionFailure(.malformedNotification, "OnPermissionsChange: \(error)", underlying: error)
            await report(failure, source: .session)
            return
        }
        // Cleared before the await, so a second grant arriving meanwhile does not subscribe twice.
        headLampStatusRefusal = nil
        await subscribeToLights()
    }

    /// Whether `permissions` let the app subscribe to `headLampStatus`.
    static func grantsHeadLampStatus(_ permissions: OnPermissionsChange) -> Bool {
        permissions.permissionItem.contains {
            $0.rpcName == "SubscribeVehicleData" && $0.parameterPermissions.allowed.contains("headLampStatus")
                && !$0.hmiPermissions.allowed.isEmpty
        }
    }

    private func subscribeToLights() async {
        guard let session = context?.session else { return }
        do {
            let subscribed = try await session.send(SubscribeVehicleData(headLampStatus: true))
            // A refusal is an answer, not a failure: most policies do not grant vehicle data, and the app's own
            // choice stays (``headLampStatusRefusal`` says why, for a monitor).
            guard subscribed.success || subscribed.resultCode == .ignored else {
                headLampStatusRefusal = "\(subscribed.resultCode) \(subscribed.info ?? "")"
                appearances.send(settings.appearance.initial)
                return
            }
            let current = try await session.send(GetVehicleData(headLampStatus: true))
            if current.success, let lamps = current.headLampStatus { lightsChanged(lamps) }
        } catch is CancellationError {
            // The run ended while it waited: nothing failed.
        } catch {
            let message = "SubscribeVehicleData headLampStatus: \(error)"
            await report(ProjectionFailure(.requestFailed, message, underlying: error), source: .session)
        }
    }

    /// OnVehicleData: a new ambient light status switches the theme (one full repaint).
    func vehicleDataChanged(_ notification: RPCNotificationMessage) async {
        guard case .followsCar = settings.appearance else { return }
        do {
            if let lamps = try notification.decode(OnVehicleData.self).headLampStatus { lightsChanged(lamps) }
        } catch {
            let failure = ProjectionFailure(.malformedNotification, "OnVehicleData: \(error)", underlying: error)
            await report(failure, source: .session)
        }
    }

    private func lightsChanged(_ lamps: HeadLampStatus) {
        let appearance: Appearance
        switch lamps.ambientLightSensorStatus {
        case .day?: appearance = .day
        case .night?, .twilight1?, .twilight2?, .twilight3?, .twilight4?: appearance = .night
        default: return  // UNKNOWN, INVALID or absent: the sensor says nothing
        }
        let theme = theme(for: appearance)
        guard window.theme != theme else { return }
        window.theme = theme
        appearances.send(appearance)
    }
}
