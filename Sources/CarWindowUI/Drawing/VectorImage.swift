import CCairo
import CPangoCairo
import CRsvg

/// An SVG image (an icon), parsed once with librsvg and drawn by Cairo at whatever size it is given, sharp at
/// every display scale. Drawn with a tint, its shapes keep their coverage and take the tint's colour, so one icon
/// follows the day and night themes.
///
/// ```swift
/// let pin = try VectorImage(svgData: Array(svgText.utf8))
/// let icon = ImageView(vectorImage: pin)
/// icon.tintColor = window.theme.palette.accent
/// ```
public final class VectorImage: @unchecked Sendable {
    // Unchecked because the RsvgHandle is a GObject pointer: made in init, only rendered after (librsvg renders a
    // loaded handle without changing it), and released in deinit. Rendering happens on CarWindowActor only.
    let handle: OpaquePointer

    /// The SVG's own size in pixels (its width and height, else its view box), used as the intrinsic size.
    public let size: Size

    /// SVG documents larger than this are refused before parsing.
    public static let maximumEncodedSize = 4 << 20

    /// Parses an SVG document.
    ///
    /// - Throws: ``CarWindowError/Kind/imageCodec`` for data librsvg cannot parse or larger than
    ///   ``maximumEncodedSize``.
    public init(svgData: [UInt8]) throws(CarWindowError) {
        guard !svgData.isEmpty, svgData.count <= Self.maximumEncodedSize else {
            throw CarWindowError(.imageCodec, "SVG of \(svgData.count) bytes outside 1...\(Self.maximumEncodedSize)")
        }
        let created = svgData.withUnsafeBufferPointer { bytes in
            rsvg_handle_new_from_data(bytes.baseAddress, gsize(bytes.count), nil)
        }
        guard let created else {
            // librsvg's own message is not read (CRsvg/shim.h says why); what was refused is said here.
            throw CarWindowError(
                .imageCodec, "SVG: librsvg could not parse the \(svgData.count) bytes as an SVG document")
        }
        handle = created
        var width: Double = 0
        var height: Double = 0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            // No absolute size: take the view box's, or a 24 px icon.
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(
                handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            width = hasViewBox != 0 ? viewBox.width : 24
            height = hasViewBox != 0 ? viewBox.height : 24
        }
        let limit = Double(PixelBuffer.maximumDimension)
        size = Size(width: min(max(width, 0), limit), height: min(max(height, 0), limit))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Renders into `rect` of the current Cairo context, fitting the document's aspect; tinted when asked.
    func render(cr: OpaquePointer, in rect: Rect, tint: Color?) {
        guard !rect.isEmpty else { return }
        var viewport = RsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        if let tint {
            cairo_push_group(cr)
            rsvg_handle_render_document(handle, cr, &viewport, nil)
            let mask = cairo_pop_group(cr)
            cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha)
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
        } else {
            rsvg_handle_render_document(handle, cr, &viewport, nil)
        }
    }
}

extension DrawingContext {
    /// Draws an SVG image fitted into `rect` (aspect kept, centred), in its own colours or all in `tint`.
    ///
    /// ```swift
    /// context.draw(pin, in: Rect(x: 0, y: 0, width: 32, height: 32), tint: .white)
    /// ```
    public func draw(_ image: VectorImage, in rect: Rect, tint: Color? = nil) {
        image.render(cr: cr, in: rect, tint: tint)
    }
}
