import HeadUnit
import SDLRPC

extension HeadUnitEvent {
    var hapticRects: [HapticRect]? {
        if case .hapticRects(_, let rects) = self { return rects }
        return nil
    }

    var registeredApp: AppID? {
        if case .appRegistered(let app, _, _) = self { return app }
        return nil
    }

    var isVideoFrame: Bool {
        if case .videoFrame = self { return true }
        return false
    }

    var videoStartedSize: VideoSize? {
        if case .videoStarted(_, _, let size) = self { return size }
        return nil
    }
}

/// A window-coordinate rect multiplied by the scale, as the head unit should receive it (id 0).
func scaled(x: Double, y: Double, width: Double, height: Double, by scale: Double) -> HapticRect {
    HapticRect(
        id: 0, x: x * scale, y: y * scale, width: width * scale, height: height * scale)
}

extension HapticRect {
    var geometry: [Double] { [x, y, width, height] }
}
