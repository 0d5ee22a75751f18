// XCB and the extensions CarWindowX11 uses (Debian libxcb1-dev, libxcb-shm0-dev, libxcb-damage0-dev,
// libxcb-xfixes0-dev, libxcb-xtest0-dev): capture through MIT-SHM, change tracking through DAMAGE, input through XTEST.
#include <xcb/xcb.h>
#include <xcb/shm.h>
#include <xcb/damage.h>
#include <xcb/xfixes.h>
#include <xcb/xtest.h>
#include <xcb/xproto.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdlib.h>

// The extension keys are opaque C globals, which Swift cannot take the address of.
static inline xcb_extension_t *carwindow_xcb_shm_extension(void) { return &xcb_shm_id; }
static inline xcb_extension_t *carwindow_xcb_damage_extension(void) { return &xcb_damage_id; }
static inline xcb_extension_t *carwindow_xcb_test_extension(void) { return &xcb_test_id; }
