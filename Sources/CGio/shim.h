// GIO (Debian libglib2.0-dev): GDBus, for the appearance portal a projected program reads its colour scheme from.
#include <gio/gio.h>
