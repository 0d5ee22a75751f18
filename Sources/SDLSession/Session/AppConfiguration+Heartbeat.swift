extension AppConfiguration {
    /// The session's own liveness check: after ``idle`` with no frame from the head unit, it sends a protocol
    /// Heartbeat (a control frame, PS §4.5) and expects something back, the HeartbeatACK or any other frame,
    /// within ``answerTimeout``. Silence past it ends the session with
    /// ``SDLSessionError/Kind/heartbeatUnanswered(_:)``, which a projection with `.reconnect` treats as a lost
    /// connection.
    ///
    /// It catches the head unit whose socket stays open but whose SDL stack stopped (hung, or a NAT that forgot
    /// the flow): TCP keepalive only sees the kernel. SDL Core never sends a Heartbeat itself, so the app must ask;
    /// its protocol handler answers one on protocol 3 and later when its `HeartBeatTimeout` is not 0 (7000 ms by
    /// default). No recorded session shows the answer yet: a head unit that ignores Heartbeats needs `nil` here.
    ///
    /// ```swift
    /// var app = AppConfiguration(appName: "Maps", appID: "swiftsdl-nav")
    /// app.heartbeat = AppConfiguration.Heartbeat(idle: .seconds(3), answerTimeout: .seconds(2))
    /// app.heartbeat = nil   // a head unit that ignores heartbeats: rely on TCP keepalive alone
    /// ```
    public struct Heartbeat: Sendable, Hashable {
        /// Quiet time, with nothing received, before a Heartbeat is sent.
        public var idle: Duration
        /// How long after the Heartbeat something must arrive.
        public var answerTimeout: Duration

        /// - Parameters:
        ///   - idle: 5 s by default.
        ///   - answerTimeout: 5 s by default, so a silent head unit is noticed within 10 s.
        public init(idle: Duration = .seconds(5), answerTimeout: Duration = .seconds(5)) {
            self.idle = max(idle, .milliseconds(1))
            self.answerTimeout = max(answerTimeout, .milliseconds(1))
        }
    }
}
