// Cairo's public API (Debian libcairo2-dev), used to render the view tree off-screen.
#include <cairo.h>
