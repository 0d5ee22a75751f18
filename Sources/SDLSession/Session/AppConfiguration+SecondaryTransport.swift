extension AppConfiguration {
    /// Whether and how the session uses a secondary transport the head unit offers (PS §4.6; sdl_ios
    /// `SDLSecondaryTransportManager`).
    ///
    /// ```swift
    /// var app = AppConfiguration(appName: "CarWindow", appID: "swiftsdl-nav")
    /// app.secondaryTransport.retryDelay = .seconds(2)
    /// app.secondaryTransport.isEnabled = false        // stream on the primary only
    /// ```
    public struct SecondaryTransport: Sendable {
        /// Use a secondary transport when the head unit offers one.
        public var isEnabled: Bool
        /// Use a `TCP_WIFI` secondary although the primary is TCP too. sdl_ios disables a secondary of the
        /// primary's type; on Linux the primary is usually TCP, so following it would disable the feature
        /// altogether, while two TCP links to a head unit (one for RPCs, one for video) are exactly what it asks
        /// for. On by default; see docs/secondary-transport.md.
        public var allowsTCPWhenPrimaryIsTCP: Bool
        /// How long the head unit may take to answer RegisterSecondaryTransport (sdl_ios: 10 s).
        public var registrationTimeout: Duration
        /// How long to wait before connecting again after the secondary failed (sdl_ios: 5 s).
        public var retryDelay: Duration
        /// How long the TCP connect may take.
        public var connectTimeout: Duration

        public init(
            isEnabled: Bool = true,
            allowsTCPWhenPrimaryIsTCP: Bool = true,
            registrationTimeout: Duration = .seconds(10),
            retryDelay: Duration = .seconds(5),
            connectTimeout: Duration = .seconds(5)
        ) {
            self.isEnabled = isEnabled
            self.allowsTCPWhenPrimaryIsTCP = allowsTCPWhenPrimaryIsTCP
            self.registrationTimeout = registrationTimeout
            self.retryDelay = retryDelay
            self.connectTimeout = connectTimeout
        }
    }
}
