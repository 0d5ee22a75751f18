// The sample navigation app as a program of its own: copy this target to start a CarWindow app.
//
//     swift run navigation-demo                 # SDL Core (or `carwindow headunit`) on 127.0.0.1:12345
//     swift run navigation-demo 192.168.1.20 12345
//
// It registers as a NAVIGATION app, projects the demo's map, search and settings screens when the head unit puts it
// in FULL, takes touches and the car's buttons, and stops cleanly on Ctrl-C. `carwindow demo` runs the same
// `NavigationDemo` with the emulator and the browser viewer around it.
import CarWindow
import CarWindowDemo
import Foundation

/// Writes one line at once, also into a pipe (print buffers there), so whoever watches sees each step as it happens.
func say(_ line: String, to handle: FileHandle = .standardOutput) {
    handle.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments.dropFirst()
let host = arguments.first ?? "127.0.0.1"
guard let port = Int(arguments.dropFirst().first ?? "12345"), (1...65_535).contains(port) else {
    say("usage: navigation-demo [HOST [PORT]]", to: .standardError)
    exit(64)
}

let demo = try await NavigationDemo(host: host, port: port)
let events = await demo.projection.events()
// Ctrl-C ends the run the way a car expects: unregister, end the services, disconnect.
signal(SIGINT, SIG_IGN)
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
interrupt.setEventHandler {
    Task {
        do {
            try await demo.stop()
            exit(0)
        } catch {
            say("error: \(error)", to: .standardError)
            exit(1)
        }
    }
}
interrupt.resume()

do {
    try await demo.start()
} catch {
    say("error: \(error)", to: .standardError)
    exit(1)
}
say("navigation-demo: connected to \(host):\(port); Ctrl-C stops")
for await event in events {
    switch event {
    case .registered(let appID, let appName, _, let transport, _):
        say("registered \(appName) (\(appID)) over \(transport)")
    case .hmiStatus(let status): say("HMI: \(status)")
    case .error(let failure, _): say("error: \(failure)", to: .standardError)
    default: continue
    }
}
