/// A view that shows a ``Bitmap`` (decoded from PNG or JPEG) or a ``VectorImage`` (SVG), optionally tinted.
///
/// ```swift
/// let logo = ImageView(image: try Bitmap(pngData: bytes))
/// logo.contentMode = .aspectFit
/// let icon = ImageView(vectorImage: try VectorImage(svgData: Array(svg.utf8)))
/// icon.tintColor = .white        // nil: the SVG's own colours
/// ```
@CarWindowActor
open class ImageView: View {
    /// How the image fits the bounds.
    public enum ContentMode: Hashable, Sendable {
        /// Stretch to the bounds.
        case scaleToFill
        /// Scale uniformly to fit inside the bounds, centred.
        case aspectFit
        /// Natural size, centred.
        case center
    }

    public var image: Bitmap? {
        didSet {
            guard image !== oldValue else { return }
            setNeedsDisplay()
            superview?.setNeedsLayout()
        }
    }
    /// An SVG shown instead of ``image`` when set; drawn at the view's size, sharp at any scale.
    public var vectorImage: VectorImage? {
        didSet {
            guard vectorImage !== oldValue else { return }
            setNeedsDisplay()
            superview?.setNeedsLayout()
        }
    }
    /// Paints a ``vectorImage``'s shapes in one colour (a theme colour for icons); `nil` keeps its own colours.
    public var tintColor: Color? { didSet { if tintColor != oldValue { setNeedsDisplay() } } }
    public var contentMode: ContentMode = .aspectFit { didSet { if contentMode != oldValue { setNeedsDisplay() } } }

    public init(image: Bitmap? = nil) {
        self.image = image
        super.init()
    }

    public init(vectorImage: VectorImage, tintColor: Color? = nil) {
        self.vectorImage = vectorImage
        self.tintColor = tintColor
        super.init()
    }

    open override var intrinsicContentSize: Size {
        vectorImage?.size ?? image?.size ?? Size(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric)
    }

    open override func draw(in context: borrowing DrawingContext) {
        if let vectorImage {
            context.draw(vectorImage, in: imageRect(for: vectorImage.size), tint: tintColor)
            return
        }
        guard let image else { return }
        context.draw(image, in: imageRect(for: image.size))
    }

    func imageRect(for size: Size) -> Rect {
        switch contentMode {
        case .scaleToFill:
            return bounds
        case .center:
            return Rect(
                x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
                width: size.width, height: size.height)
        case .aspectFit:
            let factor = min(bounds.width / size.width, bounds.height / size.height)
            let fitted = Size(width: size.width * factor, height: size.height * factor)
            return Rect(
                x: (bounds.width - fitted.width) / 2, y: (bounds.height - fitted.height) / 2,
                width: fitted.width, height: fitted.height)
        }
    }
}
