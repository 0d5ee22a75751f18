/// How a projection chooses between its day and night themes.
///
/// ```swift
/// var settings = CarWindowSettings(app: app)
/// settings.appearance = .followsCar(otherwise: .night)   // the car's light sensor, else night
/// ```
public enum AppearancePreference: Hashable, Sendable {
    /// Always the day theme.
    case day
    /// Always the night theme.
    case night
    /// The car's ambient light (`SubscribeVehicleData` / `OnVehicleData` `headLampStatus`): NIGHT and TWILIGHT_1...4
    /// are night, DAY is day. Where the head unit or its policy does not give `headLampStatus`, `otherwise`.
    case followsCar(otherwise: Appearance)

    /// The appearance before (or without) anything from the car.
    public var initial: Appearance {
        switch self {
        case .day: .day
        case .night: .night
        case .followsCar(let otherwise): otherwise
        }
    }
}
