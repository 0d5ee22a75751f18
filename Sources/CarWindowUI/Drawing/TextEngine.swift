import CCairo
import CPangoCairo

/// Pango text layout on a Cairo context: the one place that knows Pango's API.
enum TextEngine {
    /// Grey antialiasing without hinting: glyphs land on the same pixels on every machine with the same fonts, which
    /// keeps golden images stable, and sub-pixel (coloured) antialiasing would smear after H.264 chroma subsampling.
    static func applyFontOptions(to cr: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
    }

    /// Lays out `text` on `cr`; the caller releases the layout with `g_object_unref`.
    static func makeLayout(
        cr: OpaquePointer, text: String, font: Font, width: Double?, alignment: TextAlignment, wraps: Bool
    ) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        guard let description = pango_font_description_new() else { return layout }
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, font.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(description, max(1, font.size) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        if let width, width > 0 {
            pango_layout_set_width(layout, Int32(min(width, 1e6) * Double(PANGO_SCALE)))
            if wraps {
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            } else {
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        return layout
    }

    /// The logical size of a laid-out text in view points.
    static func size(of layout: OpaquePointer) -> Size {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Size(width: Double(width) / Double(PANGO_SCALE), height: Double(height) / Double(PANGO_SCALE))
    }

    /// Draws `text` inside `rect`, vertically centred, clipped to `rect`.
    static func draw(
        cr: OpaquePointer, text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment, wraps: Bool
    ) {
        guard !text.isEmpty, !color.isClear, !rect.isEmpty,
            let layout = makeLayout(
                cr: cr, text: text, font: font, width: rect.width, alignment: alignment, wraps: wraps)
        else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let textSize = size(of: layout)
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, rect.minX, rect.minY + max(0, (rect.height - textSize.height) / 2))
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    /// Measures `text` as it would be drawn; `maxWidth` wraps it.
    static func measure(_ text: String, font: Font, maxWidth: Double?, wraps: Bool) -> Size {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return .zero }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return .zero }
        defer { cairo_destroy(cr) }
        applyFontOptions(to: cr)
        guard
            let layout = makeLayout(cr: cr, text: text, font: font, width: maxWidth, alignment: .leading, wraps: wraps)
        else { return .zero }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let measured = size(of: layout)
        return Size(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }
}
