import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

/// The sample map's camera stays inside a bounded world whatever a pan or zoom asks: the street loops of its
/// drawing run over the visible blocks, and past 2^53 a `Double` counter no longer advances (issue #30, item 1).
@Suite("Map camera bounds")
struct MapCameraBoundsTests {
    @Test("a pan to 2^63 leaves the centre inside the world", arguments: [9.2e18, -9.2e18, Double.infinity, .nan])
    func hugePan(to value: Double) {
        var camera = MapCamera()
        camera.pan(from: Point(x: 0, y: 0), to: Point(x: value, y: value))
        #expect(camera.center.x.isFinite && camera.center.y.isFinite)
        #expect(abs(camera.center.x) <= 1_000_000 && abs(camera.center.y) <= 1_000_000, "\(camera.center)")
    }

    @Test("an ordinary pan moves the map by the finger's distance")
    func ordinaryPan() {
        var camera = MapCamera()
        camera.pan(from: Point(x: 100, y: 100), to: Point(x: 60, y: 130))
        #expect(camera.center == Point(x: 40, y: -30))
    }
}
