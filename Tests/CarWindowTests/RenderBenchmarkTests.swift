import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

@Suite("Render benchmark")
struct RenderBenchmarkTests {
    @Test("runs the requested frames at each size and changes the screen every frame")
    func runs() async throws {
        let results = try await RenderBenchmark.run(
            frames: 3, sizes: [Size(width: 320, height: 200), Size(width: 640, height: 360)])
        #expect(results.map(\.size) == [Size(width: 320, height: 200), Size(width: 640, height: 360)])
        #expect(results.map(\.frameTimes.count) == [3, 3])
        #expect(results.map(\.fullRedraws) == [3, 3])
        #expect(results.allSatisfy { $0.frameTimes.allSatisfy { $0 > .zero } })
    }
}
