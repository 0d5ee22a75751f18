// Pango text layout on Cairo (Debian libpango1.0-dev), used by Label and DrawingContext text drawing.
//
// Why declarations instead of #include <pango/pangocairo.h>: the header needs pango's pkg-config flags, and every
// pango*.pc brings gio's private requirement gmodule-no-export-2.0, whose Cflags carry -pthread; SwiftPM refuses
// that flag and warned on every build ("prohibited flag(s): -pthread"). CarWindow uses a few calls of Pango's stable
// 1.x API (all there since Pango 1.8, ABI-stable since), declared below with Pango's own names, types and values;
// the types stay opaque, as in Pango's public headers. The library is linked as before (module.modulemap), and the
// text rendering goldens check the result. Only cairo's flags are needed, for cairo_t.
#include <cairo.h>

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;

typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum {
    PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END
} PangoEllipsizeMode;
typedef enum { PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_BOLD = 700 } PangoWeight;

#define PANGO_SCALE 1024

PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);

void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);

// GObject's reference release (gpointer is void *), for the layouts Pango returns.
void g_object_unref(void *object);
