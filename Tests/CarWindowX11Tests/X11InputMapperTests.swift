import CarWindow
import Testing

@testable import CarWindowX11

@Suite("Gestures to XTEST input")
struct X11InputMapperTests {
    let point = Point(x: 100, y: 50)

    @Test("a tap is a click where it landed; a double tap two clicks, of which a tap just before was the first")
    func taps() {
        var mapper = X11InputMapper(options: ProgramInputOptions())
        let clicks: ([X11InputMapper.Action]) -> Int = { $0.filter { $0 == .button(1, pressed: true) }.count }
        #expect(
            mapper.actions(for: .singleTap(at: point)) == [
                .move(point), .button(1, pressed: true), .button(1, pressed: false),
            ])
        // Taps reported at once (X11Application.gestureConfiguration): the tap clicked; the double tap adds one.
        #expect(clicks(mapper.actions(for: .doubleTap(at: point))) == 1)
        // A double tap on its own (taps held back): both clicks.
        #expect(clicks(mapper.actions(for: .doubleTap(at: point))) == 2)
        _ = mapper.actions(for: .singleTap(at: point))
        _ = mapper.actions(for: .panBegan(at: point))
        #expect(clicks(mapper.actions(for: .doubleTap(at: point))) == 2)
    }

    @Test("with --pan drag a pan holds button 1 from where it began to where it ended")
    func drag() {
        var mapper = X11InputMapper(options: ProgramInputOptions(pan: .drag))
        let end = Point(x: 140, y: 90)
        #expect(mapper.actions(for: .panBegan(at: point)) == [.move(point), .button(1, pressed: true)])
        #expect(mapper.actions(for: .panMoved(from: point, to: end)) == [.move(end)])
        #expect(mapper.actions(for: .panEnded(at: end)) == [.move(end), .button(1, pressed: false)])
    }

    @Test("with --pan scroll a finger moving up 50 px gives two wheel-down steps of 24 px and keeps the rest")
    func scroll() {
        var mapper = X11InputMapper(options: ProgramInputOptions(pan: .scroll, scrollStep: 24))
        _ = mapper.actions(for: .panBegan(at: point))
        let up = mapper.actions(for: .panMoved(from: point, to: Point(x: 100, y: 0)))
        #expect(
            up == [
                .button(5, pressed: true), .button(5, pressed: false), .button(5, pressed: true),
                .button(5, pressed: false),
            ])
        // 2 px left over plus 22 more make the third step.
        let more = mapper.actions(for: .panMoved(from: Point(x: 100, y: 0), to: Point(x: 100, y: -22)))
        #expect(more == [.button(5, pressed: true), .button(5, pressed: false)])
        #expect(mapper.actions(for: .panEnded(at: point)) == [])
    }

    @Test("a pinch out is Ctrl + wheel up steps at its centre, Ctrl released when it ends; off ignores it")
    func pinch() {
        var mapper = X11InputMapper(options: ProgramInputOptions(pinch: .ctrlScroll, zoomStep: 1.25))
        _ = mapper.actions(for: .pinchBegan(center: point))
        let zoom = mapper.actions(for: .pinchMoved(center: point, scale: 1.25 * 1.25))
        #expect(zoom.first == .move(point))
        #expect(zoom.contains(.control(pressed: true)))
        #expect(zoom.filter { $0 == .button(4, pressed: true) }.count == 2)
        #expect(mapper.actions(for: .pinchEnded(center: point)) == [.control(pressed: false)])

        var off = X11InputMapper(options: ProgramInputOptions(pinch: .off))
        _ = off.actions(for: .pinchBegan(center: point))
        #expect(off.actions(for: .pinchMoved(center: point, scale: 3)) == [])
    }

    @Test("a cancel releases the button of a drag in progress")
    func cancel() {
        var mapper = X11InputMapper(options: ProgramInputOptions(pan: .drag))
        _ = mapper.actions(for: .panBegan(at: point))
        #expect(mapper.actions(for: .cancelled(at: point)) == [.button(1, pressed: false)])
        #expect(mapper.actions(for: .cancelled(at: point)) == [])
    }
}
