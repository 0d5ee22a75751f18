import ArgumentParser
import CarWindow
import Foundation
import SDLSession

/// `carwindow stream --source demo`: CarWindow's sample navigation screen projected into a head unit, with the
/// touches, gestures and haptic rects of the projection in the `--events` log (the same lines `carwindow demo`
/// writes).
struct DemoStreamRunner {
    var host: String
    var port: Int
    var appID: String
    var appName: String
    var events: String?
    var duration: Double?

    func run() async throws {
        // Before anything starts: a Ctrl-C from now on stops the stream cleanly, with or without --duration.
        let interrupts = Interrupt.watch()
        let writer = try events.map { try DemoEventWriter(path: $0) }
        let say: @Sendable (String) -> Void = { [toStderr = events == "-"] text in
            (toStderr ? FileHandle.standardError : FileHandle.standardOutput).write(Data((text + "\n").utf8))
        }
        var app = NavigationDemo.appConfiguration(name: appName)
        app.appID = appID
        app.fullAppID = appID
        let demo: NavigationDemo
        do {
            demo = try await NavigationDemo(app: app, host: host, port: port)
            try await demo.start()
        } catch {
            FileHandle.standardError.write(Data("carwindow stream: \(error)\n".utf8))
            await writer?.close()
            throw ExitCode.failure
        }
        say("projecting the demo navigation screen into \(host):\(port)")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await DemoCommand.report(demo: demo, writer: writer, say: say) }
            group.addTask { await Interrupt.wait(for: interrupts, orSeconds: duration) }
            _ = await group.next()
            do {
                try await demo.stop()
            } catch {
                say("stopping the app: \(error)")
            }
            group.cancelAll()
        }
        await writer?.close()
    }
}
