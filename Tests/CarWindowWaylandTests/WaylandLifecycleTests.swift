import CarWindow
import CarWindowTesting
import CarWindowX11
import Foundation
import Glibc
import Testing

@testable import CarWindowWayland

/// The life of a projected Wayland program: a bad command, no window, a crash, a still screen, stopping.
extension WaylandPrograms {
    @Suite("Wayland program lifecycle", .serialized, .timeLimit(.minutes(2)))
    struct WaylandLifecycleTests {
        static let viewport = Size(width: 320, height: 240)

        static func processExists(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            // A zombie waits for its parent to reap it: it runs no more.
            return !stat.contains(") Z ")
        }

        @Test("a command that does not exist is a badCommand error, and no compositor is started")
        func badCommand() async throws {
            do {
                _ = try await WaylandApplication.launch(
                    command: ["/no/such/program"], viewport: Self.viewport, haptics: false)
                Issue.record("launched a command that does not exist")
            } catch {
                #expect(error.kind == .badCommand)
                #expect(error.context == "/no/such/program: command not found")
            }
        }

        @Test("a program that opens no window is a noWindow error after the deadline; stopping ends the compositor")
        func noWindow() async throws {
            let application = try await WaylandApplication.launch(
                command: ["sleep", "30"], viewport: Self.viewport, haptics: false)
            let compositor = application.compositor.pid
            do {
                try await application.waitForWindow(timeout: .seconds(1))
                Issue.record("sleep opened a window")
            } catch {
                #expect(error.kind == .noWindow)
            }
            await application.stop()
            #expect(!application.isCompositorRunning)
            #expect(
                await pollOutsideTheProcess("sway leaving /proc", within: .seconds(5)) {
                    !Self.processExists(compositor)
                })
            #expect(!FileManager.default.fileExists(atPath: application.compositor.socketPath))
        }

        @Test("a program that exits before its window is an applicationExited error with its status")
        func exitsFirst() async throws {
            let application = try await WaylandApplication.launch(
                command: ["/bin/sh", "-c", "exit 7"], viewport: Self.viewport, haptics: false)
            do {
                try await application.waitForWindow(timeout: .seconds(20))
                Issue.record("sh opened a window")
            } catch {
                #expect(error.kind == .applicationExited)
                #expect(error.context.contains("exited with status 7"), "\(error.context)")
            }
            await application.stop()
        }

        @Test(
            "the program gets WAYLAND_DISPLAY (the compositor's socket) and XDG_RUNTIME_DIR, and no DISPLAY",
            .timeLimit(.minutes(1)))
        func environment() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-wl-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("env.txt")
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = ":404"
            let application = try await WaylandApplication.launch(
                command: ["/bin/sh", "-c", "env > '\(file.path)'"], viewport: Self.viewport, haptics: false,
                environment: environment)
            _ = await application.exitStatus()
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines.contains("WAYLAND_DISPLAY=\(application.compositor.socketPath)"))
            #expect(lines.contains("XDG_RUNTIME_DIR=\(application.compositor.programRuntimeDirectory)"))
            #expect(!lines.contains { $0.hasPrefix("DISPLAY=") }, "\(lines)")
            await application.stop()
        }
    }
}
