public import CarWindow

/// A projected program `carwindow bench project` can measure: an X11 program on its private Xvfb
/// (``X11Application``) or a Wayland program in its private compositor (CarWindowWayland's `WaylandApplication`).
/// ``X11Benchmark``'s still-app, touch and motion figures take either.
///
/// ```swift
/// let result = try await X11Benchmark.idle(application: application, seconds: 5)
/// print(result)   // still app over 5 s: projection 0.41%, app 0.00%, Xvfb 0.02% of a core; ...
/// ```
public protocol BenchmarkedProgram: Sendable {
    /// The display server the program draws to, as the figures name it: `Xvfb`, `sway`.
    var serverName: String { get }
    /// The program's process, while it runs.
    var programPID: Int32? { get }
    /// The display server's process.
    var serverPID: Int32? { get }
    /// How many captures were taken so far.
    var captureCount: Int { get }
    /// The view that shows the program (once per program, as `makeView`).
    @CarWindowActor func makeBenchmarkView() -> View
    /// Waits until the program opens a window.
    func waitForWindow(timeout: Duration) async throws(ProgramProjectionError)
    /// Ends the program and its display server.
    func stop(grace: Duration) async
}

extension X11Application: BenchmarkedProgram {
    public var serverName: String { "Xvfb" }
    public var programPID: Int32? { child?.pid }
    public var serverPID: Int32? { xServerPID }
    @CarWindowActor public func makeBenchmarkView() -> View { makeView() }
}
