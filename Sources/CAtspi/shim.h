// libatspi (Debian libatspi2.0-dev): the accessibility tree of the projected application, for haptic rects.
#include <atspi/atspi.h>
