// SVG rendering on Cairo (Debian librsvg2-dev), used by VectorImage for icons drawn at any scale.
//
// Why declarations instead of #include <librsvg/rsvg.h>: that header needs librsvg's pkg-config flags, which bring
// gio's private requirement gmodule-no-export-2.0, whose Cflags carry -pthread; SwiftPM refuses that flag and warns on
// every build ("prohibited flag(s): -pthread"), as it did for Pango (see CPangoCairo/shim.h). VectorImage uses four
// calls of librsvg's stable API (all there since librsvg 2.52), declared with librsvg's and GLib's own names, types
// and layouts; RsvgHandle stays opaque, as in librsvg's headers. The library is linked as before
// (module.modulemap). g_object_unref comes from CPangoCairo, which declares it once for both.
#include <cairo.h>

typedef int gboolean;
typedef unsigned long gsize;
typedef struct _RsvgHandle RsvgHandle;

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

typedef struct {
    double length;
    int unit;
} RsvgLength;

// The GError parameters are declared as opaque pointers and always passed NULL: a GError must be freed with
// g_error_free, and declaring GLib's error type here would clash with modules that include GLib's own headers.
RsvgHandle *rsvg_handle_new_from_data(const unsigned char *data, gsize data_len, void **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(
    RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width, gboolean *out_has_height,
    RsvgLength *out_height, gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(
    RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, void **error);

