import SDLProjection
import SDLRPC
import Testing

@Suite("ProjectionButton names and the spec's ButtonName")
struct ProjectionButtonNameTests {
    @Test("every name the spec gives a button is a ProjectionButton.Name constant with the same spelling")
    func sameNames() {
        #expect(Set(ProjectionButton.Name.specified.map(\.rawValue)) == Set(ButtonName.specified.map(\.rawValue)))
        #expect(ProjectionButton.Name.specified.count == ButtonName.specified.count, "no name twice")
    }

    @Test("a name converts both ways, an unknown one too")
    func conversion() {
        #expect(ProjectionButton.Name(ButtonName.navZoomIn) == .navZoomIn)
        #expect(ButtonName(ProjectionButton.Name.ok) == .ok)
        let unknown = ButtonName(rawValue: "DIAL_KNOB_PUSH")
        #expect(ButtonName(ProjectionButton.Name(unknown)) == unknown)
    }
}
