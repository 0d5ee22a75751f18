import CCairo

/// Paints a view tree with Cairo. Stateless; the window decides what is dirty.
@CarWindowActor
enum TreeRenderer {
    /// Paints `root` over `background` into `target`, limited to `clip` (window pixels) when given, with a focus
    /// ring in the given colour inside the focused view's edge.
    static func render(
        root: View?, background: Color, into target: RenderTarget, clip: [Rect]?,
        focused: (view: View, color: Color)? = nil
    ) throws(CarWindowError) {
        let surface = try target.makeSurface()
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { throw CarWindowError(.rendering, "cairo_create failed") }
        defer { cairo_destroy(cr) }
        TextEngine.applyFontOptions(to: cr)

        let frameRect = Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        var bounds = frameRect
        if let clip {
            bounds = .zero
            for rect in clip {
                let r = rect.integral.intersection(frameRect)
                guard !r.isEmpty else { continue }
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                bounds = bounds.union(r)
            }
            cairo_clip(cr)
        }
        // The frame is opaque: SOURCE replaces whatever the pooled buffer held.
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, 1)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        if let root {
            draw(root, cr: cr, origin: root.frame.origin, visible: bounds, focused: focused)
        }
        cairo_surface_flush(surface)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CarWindowError(.rendering, String(cString: cairo_status_to_string(status)))
        }
    }

    /// `origin` is the view's origin in window coordinates; `visible` the repainted area, for culling.
    private static func draw(
        _ view: View, cr: OpaquePointer, origin: Point, visible: Rect, focused: (view: View, color: Color)?
    ) {
        guard !view.isHidden, view.alpha > 0 else { return }
        let frame = Rect(origin: origin, size: view.frame.size)
        let intersects = frame.intersects(visible)
        if view.clipsToBounds, !intersects { return }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, view.frame.origin.x, view.frame.origin.y)
        let translucent = view.alpha < 1
        if translucent { cairo_push_group(cr) }

        let outline = Path.roundedRect(view.bounds, cornerRadius: view.cornerRadius)
        if intersects {
            let context = DrawingContext(cr: cr, bounds: view.bounds)
            context.fill(outline, color: view.currentBackgroundColor)
        }
        if view.clipsToBounds {
            DrawingContext(cr: cr, bounds: view.bounds).clip(to: outline)
        }
        if intersects {
            cairo_save(cr)
            view.draw(in: DrawingContext(cr: cr, bounds: view.bounds))
            cairo_restore(cr)
        }
        for subview in view.subviews {
            draw(subview, cr: cr, origin: origin + subview.frame.origin, visible: visible, focused: focused)
        }
        // Drawn over the view's content, inside its edge, so its own repaint covers the ring and clipping keeps it.
        if let focused, focused.view === view, intersects {
            let ring = Path.roundedRect(view.bounds.inset(by: EdgeInsets(all: 2)), cornerRadius: view.cornerRadius)
            DrawingContext(cr: cr, bounds: view.bounds).stroke(ring, color: focused.color, lineWidth: 4)
        }

        if translucent {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, view.alpha)
        }
    }
}
