public import Logging
import SDLMedia
public import SDLProjection
import SDLRPC
public import SDLSession
import SDLStreaming

extension Projection {
    /// Creates a stopped projection with a CarWindow app's settings: the run's options are
    /// `settings.projection`; the encoder takes `settings.streaming`'s tuning, and the frames streamed while the app
    /// cannot draw show `settings.openAppMessage` drawn by `settings.messageRenderer`.
    ///
    /// ```swift
    /// var settings = CarWindowSettings(app: AppConfiguration(appName: "Maps", appID: "swiftsdl-nav"))
    /// settings.projection.video.dataSource = PreferredFormat(first: .h264RTP)
    /// let screen = try WindowSource(settings: settings)
    /// let projection = Projection(settings: settings, transport: TCPTransport(host: host, port: port))
    /// try await projection.start(source: screen)
    /// ```
    ///
    /// - Parameter logger: the video manager's logger (its lifecycle at info, errors at error).
    public init(
        settings: CarWindowSettings, transport: some SDLTransport, logger: Logger = Logger(label: "carwindow.video")
    ) {
        let renderer = settings.messageRenderer
        let factory = MediaEncoderFactory(
            baseSettings: settings.streaming.applied(to: EncoderSettings(width: 16, height: 16)),
            backgroundFrame: { message, size in
                renderer.frame(message: message, width: size.width, height: size.height)
            })
        self.init(options: settings.projection, transport: transport, encoderFactory: factory, logger: logger)
    }
}
