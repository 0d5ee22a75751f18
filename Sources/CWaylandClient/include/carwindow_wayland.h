#ifndef CARWINDOW_WAYLAND_H
#define CARWINDOW_WAYLAND_H

#include <stddef.h>
#include <stdint.h>

/// One client connection to a wlroots compositor: screencopy into two shared-memory images, a virtual pointer and a
/// virtual keyboard, and the count of top-level windows. Requests may be sent from any thread (libwayland locks);
/// events are read and handled only by the thread that calls carwindow_wayland_step.
typedef struct carwindow_wayland carwindow_wayland;

/// What carwindow_wayland_step saw, as bits.
enum {
    CARWINDOW_WAYLAND_FRAME = 1,      ///< a capture finished into the image it was asked for
    CARWINDOW_WAYLAND_WINDOWS = 2,    ///< the number of top-level windows changed
    CARWINDOW_WAYLAND_LOST = 4,       ///< the compositor closed the connection
    CARWINDOW_WAYLAND_FAILED = 8,     ///< a capture failed (the output changed size while it waited, say)
    CARWINDOW_WAYLAND_OUTPUT = 16,    ///< the output's size changed
};

/// Connects to the compositor's socket (an absolute path) and binds what a projection needs; NULL with a message in
/// `error` when it cannot connect or the compositor lacks a protocol.
carwindow_wayland *carwindow_wayland_connect(const char *socket_path, char *error, size_t error_size);
void carwindow_wayland_destroy(carwindow_wayland *client);

/// Sends what is queued, waits up to `timeout_ms` (-1: no limit) for the compositor or for `wake_fd` to be readable,
/// and handles the events that came. Returns the CARWINDOW_WAYLAND_* bits.
unsigned carwindow_wayland_step(carwindow_wayland *client, int wake_fd, int timeout_ms);

/// Asks for the next frame that has damage (the first at once) to be copied into image `index` (0 or 1). False when a
/// capture is already waiting.
int carwindow_wayland_capture(carwindow_wayland *client, int index);
/// Image `index`: BGRX pixels (wl_shm XRGB8888), rows of `stride` bytes; width 0 before its first capture.
const void *carwindow_wayland_image(carwindow_wayland *client, int index, int *width, int *height, int *stride);
/// The damaged rectangles of the last finished capture (output pixels), at most `capacity`; returns how many.
int carwindow_wayland_damage(carwindow_wayland *client, int32_t *rects, int capacity);

/// The output's current size in pixels (0 before the compositor said it).
void carwindow_wayland_output_size(carwindow_wayland *client, int *width, int *height);
/// How many top-level windows are open.
int carwindow_wayland_windows(carwindow_wayland *client);

/// Virtual pointer: absolute motion in output pixels, a button (evdev code) or a wheel step, each ending a frame.
void carwindow_wayland_pointer_move(carwindow_wayland *client, uint32_t x, uint32_t y);
void carwindow_wayland_pointer_button(carwindow_wayland *client, uint32_t code, int pressed);
/// `axis` 0 vertical, 1 horizontal; `steps` wheel clicks, positive down or right.
void carwindow_wayland_pointer_wheel(carwindow_wayland *client, uint32_t axis, int steps);
/// Virtual keyboard: an evdev key code pressed or released; Shift, Control, Alt and Super also set the modifiers.
void carwindow_wayland_key(carwindow_wayland *client, uint32_t code, int pressed);
/// At most this many keysyms per call to carwindow_wayland_type_keysyms (the keymap has keycodes 9...255).
#define CARWINDOW_WAYLAND_MAX_TYPED_KEYSYMS 200
/// Virtual keyboard: types each X keysym (any character: Latin-1 as its code, Unicode as 0x1000000 + code point)
/// through a keymap made for them, then puts the standard keymap back. 0 when the keymap cannot be made.
int carwindow_wayland_type_keysyms(carwindow_wayland *client, const uint32_t *keysyms, size_t count);
/// Sends queued requests now.
void carwindow_wayland_flush(carwindow_wayland *client);

#endif
