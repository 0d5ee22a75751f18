extension OnHMIStatus {
    /// Whether this status is about the app's main window (the one projection streams into).
    ///
    /// Since RPC 6.0 a head unit sends one `OnHMIStatus` per window; `windowID` is absent from older head units and
    /// 0 (`PredefinedWindows.DEFAULT_WINDOW`) for the main window. Statuses of other windows (widgets) must not start
    /// or stop the video stream.
    ///
    /// ```swift
    /// if status.isMainWindow && status.hmiLevel == .full { /* may stream */ }
    /// ```
    public var isMainWindow: Bool {
        (windowID ?? 0) == 0
    }
}
