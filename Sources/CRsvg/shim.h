// SVG rendering on Cairo (Debian librsvg2-dev), used by VectorImage for icons drawn at any scale.
#include <librsvg/rsvg.h>
