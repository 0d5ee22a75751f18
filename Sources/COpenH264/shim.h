// openh264's public API (Debian libopenh264-dev installs it under /usr/include/wels).
#include <wels/codec_api.h>
#include <wels/codec_ver.h>
