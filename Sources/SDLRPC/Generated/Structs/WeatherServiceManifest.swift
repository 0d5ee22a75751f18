// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct WeatherServiceManifest: Codable, Hashable, Sendable {
    public var currentForecastSupported: Bool?

    public var maxMultidayForecastAmount: Int?

    public var maxHourlyForecastAmount: Int?

    public var maxMinutelyForecastAmount: Int?

    public var weatherForLocationSupported: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        currentForecastSupported: Bool? = nil,
        maxMultidayForecastAmount: Int? = nil,
        maxHourlyForecastAmount: Int? = nil,
        maxMinutelyForecastAmount: Int? = nil,
        weatherForLocationSupported: Bool? = nil
    ) {
        self.currentForecastSupported = currentForecastSupported
        self.maxMultidayForecastAmount = maxMultidayForecastAmount
        self.maxHourlyForecastAmount = maxHourlyForecastAmount
        self.maxMinutelyForecastAmount = maxMinutelyForecastAmount
        self.weatherForLocationSupported = weatherForLocationSupported
    }
}

extension WeatherServiceManifest {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: WeatherServiceManifest) -> WeatherServiceManifest {
        WeatherServiceManifest(
            currentForecastSupported: update.currentForecastSupported ?? currentForecastSupported,
            maxMultidayForecastAmount: update.maxMultidayForecastAmount ?? maxMultidayForecastAmount,
            maxHourlyForecastAmount: update.maxHourlyForecastAmount ?? maxHourlyForecastAmount,
            maxMinutelyForecastAmount: update.maxMinutelyForecastAmount ?? maxMinutelyForecastAmount,
            weatherForLocationSupported: update.weatherForLocationSupported ?? weatherForLocationSupported
        )
    }
}
