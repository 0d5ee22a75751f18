#ifndef CARWINDOW_PORTAL_H
#define CARWINDOW_PORTAL_H

#include <stddef.h>

/// The part of the freedesktop Settings portal (org.freedesktop.portal.Settings on org.freedesktop.portal.Desktop)
/// that tells programs the colour scheme, served on a projection's private D-Bus session: Chromium and Electron
/// (`prefers-color-scheme`), libadwaita and GTK 4 with portals follow its `color-scheme` live.
typedef struct carwindow_portal carwindow_portal;

/// Connects to the bus at `bus_address`, exports the portal and owns its name, serving from a thread of its own.
/// NULL with a reason in `error` when the bus cannot be reached.
carwindow_portal *carwindow_portal_start(const char *bus_address, int dark, char *error, size_t error_size);
/// Switches the colour scheme (dark or light) and tells every listener (SettingChanged).
void carwindow_portal_set_dark(carwindow_portal *portal, int dark);
/// Leaves the bus, ends the thread and frees the portal.
void carwindow_portal_stop(carwindow_portal *portal);

#endif
