// libyuv ships no pkg-config file on Debian; its headers live in /usr/include.
#include <libyuv.h>
