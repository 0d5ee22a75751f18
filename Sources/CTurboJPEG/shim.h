// JPEG decoding (Debian libturbojpeg0-dev), used by Image(jpegData:).
#include <turbojpeg.h>
