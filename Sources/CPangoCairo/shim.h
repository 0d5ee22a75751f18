// Pango text layout on Cairo (Debian libpango1.0-dev), used by Label and DrawingContext text drawing.
#include <pango/pangocairo.h>
