extension HapticRect: CustomStringConvertible {
    /// A haptic rect from its id and its rectangle's sides, in head-unit pixels: the one type for a haptic rect, used
    /// by CarWindow (what the app sends), the emulator (what it received) and the viewer (what it draws).
    ///
    /// ```swift
    /// let playButton = HapticRect(id: 1, x: 20, y: 20, width: 120, height: 60)
    /// playButton.center   // (80.0, 50.0)
    /// ```
    public init(id: Int, x: Double, y: Double, width: Double, height: Double) {
        self.init(id: id, rect: Rectangle(x: x, y: y, width: width, height: height))
    }

    /// The left edge in head-unit pixels (`rect.x`).
    public var x: Double {
        get { rect.x }
        set { rect.x = newValue }
    }

    /// The top edge in head-unit pixels (`rect.y`).
    public var y: Double {
        get { rect.y }
        set { rect.y = newValue }
    }

    /// The width in head-unit pixels (`rect.width`).
    public var width: Double {
        get { rect.width }
        set { rect.width = newValue }
    }

    /// The height in head-unit pixels (`rect.height`).
    public var height: Double {
        get { rect.height }
        set { rect.height = newValue }
    }

    /// The point a head unit touches when the user presses the rect (RPC spec: "the center of this rectangle will be
    /// touched when a press occurs").
    public var center: (x: Double, y: Double) { (rect.x + rect.width / 2, rect.y + rect.height / 2) }

    /// `#id x,y wxh`, whole numbers without a fraction, as logs and the emulator's console print it.
    public var description: String {
        "#\(id) \(Self.compact(x)),\(Self.compact(y)) \(Self.compact(width))x\(Self.compact(height))"
    }

    private static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
