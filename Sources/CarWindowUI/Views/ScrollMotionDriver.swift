/// Advances a scroll view's drag and momentum on the window's frame clock.
@CarWindowActor
final class ScrollMotionDriver: FrameDriven {
    weak var scrollView: ScrollView?

    init(scrollView: ScrollView) {
        self.scrollView = scrollView
    }

    func step(at now: Duration) -> Bool { scrollView?.step(at: now) ?? false }
    func cancel() {}
}
