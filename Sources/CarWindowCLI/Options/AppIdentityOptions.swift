import ArgumentParser
import Foundation

/// The identity an app registers with, shared by `carwindow stream` and `project`.
struct AppIdentityOptions: ParsableArguments {
    @Option(
        name: .customLong("app-id"),
        help: """
            The app id to register with (appID and fullAppID): SDL Core's policies and a protected app's \
            certificate name it. `stream` needs it; `project` registers as carwindow-project without it.
            """)
    var appID: String?

    @Option(
        help: """
            The name the head unit shows for the app (default: `stream`: CarWindow Stream; `project`: the \
            command's name).
            """)
    var appName: String?

    func validate() throws {
        if let appID, appID.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--app-id must not be empty, e.g. --app-id swiftsdl-nav.")
        }
        if let appName, appName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--app-name must not be empty, e.g. --app-name \"My Navigation\".")
        }
    }

    /// For `carwindow stream`, whose head unit needs to know which app it runs.
    func requiredAppID() throws -> String {
        guard let appID else {
            throw ValidationError("give the app id to register with, e.g. --app-id swiftsdl-nav")
        }
        return appID
    }
}
