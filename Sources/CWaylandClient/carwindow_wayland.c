#define _GNU_SOURCE
#include "carwindow_wayland.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

#define MAX_DAMAGE 16

struct image {
    struct wl_buffer *buffer;
    void *pixels;
    size_t size;
    int width, height, stride;
    int buffer_width;
    uint32_t format;
};

struct carwindow_wayland {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_shm *shm;
    struct wl_output *output;
    struct wl_seat *seat;
    struct zwlr_screencopy_manager_v1 *screencopy;
    struct zwlr_virtual_pointer_manager_v1 *pointer_manager;
    struct zwp_virtual_keyboard_manager_v1 *keyboard_manager;
    struct zwlr_foreign_toplevel_manager_v1 *toplevels;
    struct zwlr_virtual_pointer_v1 *pointer;
    struct zwp_virtual_keyboard_v1 *keyboard;
    /// The modifiers held (xkb masks of the standard keymap): the compositor takes them from the modifiers
    /// request, not from the modifier keys' presses.
    uint32_t modifiers;
    int output_width, output_height;
    int windows;
    struct image images[2];
    struct zwlr_screencopy_frame_v1 *frame;
    int frame_index;
    int frame_width, frame_height;
    int32_t pending_damage[MAX_DAMAGE * 4];
    int pending_damage_count;
    int32_t damage[MAX_DAMAGE * 4];
    int damage_count;
    unsigned happened;
};

static uint32_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

// MARK: output

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {}
static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t width, int32_t height,
                        int32_t refresh) {
    struct carwindow_wayland *c = data;
    if (!(flags & WL_OUTPUT_MODE_CURRENT)) return;
    if (c->output_width != width || c->output_height != height) c->happened |= CARWINDOW_WAYLAND_OUTPUT;
    c->output_width = width;
    c->output_height = height;
}
static void output_done(void *data, struct wl_output *o) {}
static void output_scale(void *data, struct wl_output *o, int32_t factor) {}
static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale};

// MARK: top-level windows

static void toplevel_title(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, const char *title) {}
static void toplevel_app_id(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, const char *id) {}
static void toplevel_output_enter(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *o) {}
static void toplevel_output_leave(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *o) {}
static void toplevel_state(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_array *state) {}
static void toplevel_done(void *data, struct zwlr_foreign_toplevel_handle_v1 *h) {}
static void toplevel_closed(void *data, struct zwlr_foreign_toplevel_handle_v1 *h) {
    struct carwindow_wayland *c = data;
    c->windows--;
    c->happened |= CARWINDOW_WAYLAND_WINDOWS;
    zwlr_foreign_toplevel_handle_v1_destroy(h);
}
static const struct zwlr_foreign_toplevel_handle_v1_listener toplevel_listener = {
    .title = toplevel_title, .app_id = toplevel_app_id, .output_enter = toplevel_output_enter,
    .output_leave = toplevel_output_leave, .state = toplevel_state, .done = toplevel_done,
    .closed = toplevel_closed};

static void manager_toplevel(void *data, struct zwlr_foreign_toplevel_manager_v1 *m,
                             struct zwlr_foreign_toplevel_handle_v1 *h) {
    struct carwindow_wayland *c = data;
    c->windows++;
    c->happened |= CARWINDOW_WAYLAND_WINDOWS;
    zwlr_foreign_toplevel_handle_v1_add_listener(h, &toplevel_listener, c);
}
static void manager_finished(void *data, struct zwlr_foreign_toplevel_manager_v1 *m) {}
static const struct zwlr_foreign_toplevel_manager_v1_listener manager_listener = {
    .toplevel = manager_toplevel, .finished = manager_finished};

// MARK: registry

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    struct carwindow_wayland *c = data;
    if (strcmp(interface, wl_shm_interface.name) == 0 && !c->shm) {
        c->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && !c->output) {
        // The compositor has one output (the head unit's screen): the first one.
        c->output = wl_registry_bind(registry, name, &wl_output_interface, version < 2 ? version : 2);
        wl_output_add_listener(c->output, &output_listener, c);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !c->seat) {
        c->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, zwlr_screencopy_manager_v1_interface.name) == 0 && version >= 2) {
        c->screencopy = wl_registry_bind(registry, name, &zwlr_screencopy_manager_v1_interface, 2);
    } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
        c->pointer_manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    } else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
        c->keyboard_manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
    } else if (strcmp(interface, zwlr_foreign_toplevel_manager_v1_interface.name) == 0) {
        c->toplevels = wl_registry_bind(registry, name, &zwlr_foreign_toplevel_manager_v1_interface, 1);
        zwlr_foreign_toplevel_manager_v1_add_listener(c->toplevels, &manager_listener, c);
    }
}
static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = {
    .global = registry_global, .global_remove = registry_global_remove};

// MARK: keymap

// Compiled by the compositor's xkbcommon (it resolves the includes), so this process needs no xkbcommon.
static const char keymap_text[] =
    "xkb_keymap {\n"
    "  xkb_keycodes { include \"evdev+aliases(qwerty)\" };\n"
    "  xkb_types { include \"complete\" };\n"
    "  xkb_compat { include \"complete\" };\n"
    "  xkb_symbols { include \"pc+us+inet(evdev)\" };\n"
    "};\n";

static int send_keymap_text(struct carwindow_wayland *c, const char *text, size_t size) {
    int fd = memfd_create("carwindow-keymap", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (write(fd, text, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    zwp_virtual_keyboard_v1_keymap(c->keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
    close(fd);
    return 1;
}

static int send_keymap(struct carwindow_wayland *c) { return send_keymap_text(c, keymap_text, sizeof(keymap_text)); }

carwindow_wayland *carwindow_wayland_connect(const char *socket_path, char *error, size_t error_size) {
    struct wl_display *display = wl_display_connect(socket_path);
    if (!display) {
        snprintf(error, error_size, "cannot connect to the compositor at %s: %s", socket_path, strerror(errno));
        return NULL;
    }
    struct carwindow_wayland *c = calloc(1, sizeof(*c));
    if (!c) {
        wl_display_disconnect(display);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    c->display = display;
    c->registry = wl_display_get_registry(display);
    wl_registry_add_listener(c->registry, &registry_listener, c);
    // Globals, then the output's mode and the windows already open.
    if (wl_display_roundtrip(display) < 0 || wl_display_roundtrip(display) < 0) {
        snprintf(error, error_size, "the compositor at %s closed the connection", socket_path);
        carwindow_wayland_destroy(c);
        return NULL;
    }
    const char *missing = !c->shm                ? "wl_shm"
                          : !c->output           ? "an output"
                          : !c->seat             ? "a seat"
                          : !c->screencopy       ? "zwlr_screencopy_manager_v1 version 2"
                          : !c->pointer_manager  ? "zwlr_virtual_pointer_manager_v1"
                          : !c->keyboard_manager ? "zwp_virtual_keyboard_manager_v1"
                          : !c->toplevels        ? "zwlr_foreign_toplevel_manager_v1"
                                                 : NULL;
    if (missing) {
        snprintf(error, error_size, "the compositor lacks %s", missing);
        carwindow_wayland_destroy(c);
        return NULL;
    }
    c->pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(c->pointer_manager, c->seat);
    c->keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(c->keyboard_manager, c->seat);
    if (!send_keymap(c)) {
        snprintf(error, error_size, "cannot make the keymap: %s", strerror(errno));
        carwindow_wayland_destroy(c);
        return NULL;
    }
    wl_display_flush(display);
    c->happened = 0;
    return c;
}

static void image_release(struct image *image) {
    if (image->buffer) wl_buffer_destroy(image->buffer);
    if (image->pixels) munmap(image->pixels, image->size);
    memset(image, 0, sizeof(*image));
}

void carwindow_wayland_destroy(carwindow_wayland *c) {
    if (!c) return;
    if (c->frame) zwlr_screencopy_frame_v1_destroy(c->frame);
    for (int i = 0; i < 2; i++) image_release(&c->images[i]);
    if (c->pointer) zwlr_virtual_pointer_v1_destroy(c->pointer);
    if (c->keyboard) zwp_virtual_keyboard_v1_destroy(c->keyboard);
    wl_display_disconnect(c->display);
    free(c);
}

// MARK: capture

/// Makes `image` a shm buffer of the frame's layout, keeping the one it has when that fits.
static int image_prepare(struct carwindow_wayland *c, struct image *image, uint32_t format, int width, int height,
                         int stride) {
    if (image->buffer && image->size == (size_t)stride * (size_t)height && image->stride == stride &&
        image->format == format && image->buffer_width == width)
        return 1;
    image_release(image);
    size_t size = (size_t)stride * (size_t)height;
    int fd = memfd_create("carwindow-capture", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (ftruncate(fd, (off_t)size) != 0) {
        close(fd);
        return 0;
    }
    void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) {
        close(fd);
        return 0;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(c->shm, fd, (int32_t)size);
    image->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, format);
    image->buffer_width = width;
    wl_shm_pool_destroy(pool);
    close(fd);
    image->pixels = pixels;
    image->size = size;
    image->stride = stride;
    image->format = format;
    return 1;
}

static void frame_buffer(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format, uint32_t width,
                         uint32_t height, uint32_t stride) {
    struct carwindow_wayland *c = data;
    struct image *image = &c->images[c->frame_index];
    int supported = format == WL_SHM_FORMAT_XRGB8888 || format == WL_SHM_FORMAT_ARGB8888;
    int sane = width > 0 && height > 0 && width <= 8192 && height <= 8192 && stride >= width * 4 &&
               stride <= width * 4 + 256;
    if (!supported || !sane || !image_prepare(c, image, format, (int)width, (int)height, (int)stride)) {
        zwlr_screencopy_frame_v1_destroy(frame);
        c->frame = NULL;
        c->happened |= CARWINDOW_WAYLAND_FAILED;
        return;
    }
    c->pending_damage_count = 0;
    // The size is set on ready; until then the image is not a capture.
    image->width = 0;
    image->height = 0;
    c->frame_width = (int)width;
    c->frame_height = (int)height;
    zwlr_screencopy_frame_v1_copy_with_damage(frame, image->buffer);
}
static void frame_flags(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t flags) {}
static void frame_ready(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t sec_hi, uint32_t sec_lo,
                        uint32_t nsec) {
    struct carwindow_wayland *c = data;
    struct image *image = &c->images[c->frame_index];
    image->width = c->frame_width;
    image->height = c->frame_height;
    memcpy(c->damage, c->pending_damage, sizeof(int32_t) * 4 * (size_t)c->pending_damage_count);
    c->damage_count = c->pending_damage_count;
    zwlr_screencopy_frame_v1_destroy(frame);
    c->frame = NULL;
    c->happened |= CARWINDOW_WAYLAND_FRAME;
}
static void frame_failed(void *data, struct zwlr_screencopy_frame_v1 *frame) {
    struct carwindow_wayland *c = data;
    struct image *image = &c->images[c->frame_index];
    image->width = 0;
    image->height = 0;
    zwlr_screencopy_frame_v1_destroy(frame);
    c->frame = NULL;
    c->happened |= CARWINDOW_WAYLAND_FAILED;
}
static void frame_damage(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t x, uint32_t y, uint32_t width,
                         uint32_t height) {
    struct carwindow_wayland *c = data;
    if (c->pending_damage_count == MAX_DAMAGE) {
        // Too many: one rectangle around them all.
        int32_t *r = c->pending_damage;
        int32_t x0 = r[0], y0 = r[1], x1 = r[0] + r[2], y1 = r[1] + r[3];
        for (int i = 1; i < MAX_DAMAGE; i++) {
            int32_t *s = r + i * 4;
            if (s[0] < x0) x0 = s[0];
            if (s[1] < y0) y0 = s[1];
            if (s[0] + s[2] > x1) x1 = s[0] + s[2];
            if (s[1] + s[3] > y1) y1 = s[1] + s[3];
        }
        r[0] = x0, r[1] = y0, r[2] = x1 - x0, r[3] = y1 - y0;
        c->pending_damage_count = 1;
    }
    int32_t *r = c->pending_damage + c->pending_damage_count * 4;
    r[0] = (int32_t)x, r[1] = (int32_t)y, r[2] = (int32_t)width, r[3] = (int32_t)height;
    c->pending_damage_count++;
}
static const struct zwlr_screencopy_frame_v1_listener frame_listener = {
    .buffer = frame_buffer, .flags = frame_flags, .ready = frame_ready, .failed = frame_failed,
    .damage = frame_damage};

int carwindow_wayland_capture(carwindow_wayland *c, int index) {
    if (c->frame || index < 0 || index > 1) return 0;
    c->frame_index = index;
    c->frame = zwlr_screencopy_manager_v1_capture_output(c->screencopy, 0, c->output);
    zwlr_screencopy_frame_v1_add_listener(c->frame, &frame_listener, c);
    return 1;
}

const void *carwindow_wayland_image(carwindow_wayland *c, int index, int *width, int *height, int *stride) {
    struct image *image = &c->images[index & 1];
    int ready = image->width > 0 && image->height > 0;
    *width = ready ? image->width : 0;
    *height = ready ? image->height : 0;
    *stride = image->stride;
    return ready ? image->pixels : NULL;
}

int carwindow_wayland_damage(carwindow_wayland *c, int32_t *rects, int capacity) {
    int count = c->damage_count < capacity ? c->damage_count : capacity;
    memcpy(rects, c->damage, sizeof(int32_t) * 4 * (size_t)count);
    return count;
}

// MARK: the event loop

unsigned carwindow_wayland_step(carwindow_wayland *c, int wake_fd, int timeout_ms) {
    c->happened = 0;
    while (wl_display_prepare_read(c->display) != 0) {
        if (wl_display_dispatch_pending(c->display) < 0) return CARWINDOW_WAYLAND_LOST;
    }
    if (c->happened) {
        // Events handled above: report them before sleeping.
        wl_display_cancel_read(c->display);
        return c->happened;
    }
    if (wl_display_flush(c->display) < 0 && errno != EAGAIN) {
        wl_display_cancel_read(c->display);
        return CARWINDOW_WAYLAND_LOST;
    }
    struct pollfd fds[2] = {{.fd = wl_display_get_fd(c->display), .events = POLLIN},
                            {.fd = wake_fd, .events = POLLIN}};
    int ready = poll(fds, 2, timeout_ms);
    if (ready > 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
        if (wl_display_read_events(c->display) < 0) return CARWINDOW_WAYLAND_LOST;
    } else {
        wl_display_cancel_read(c->display);
    }
    if (fds[1].revents & POLLIN) {
        char sink[64];
        (void)read(wake_fd, sink, sizeof(sink));
    }
    if (wl_display_dispatch_pending(c->display) < 0) return c->happened | CARWINDOW_WAYLAND_LOST;
    return c->happened;
}

void carwindow_wayland_output_size(carwindow_wayland *c, int *width, int *height) {
    *width = c->output_width;
    *height = c->output_height;
}

int carwindow_wayland_windows(carwindow_wayland *c) { return c->windows; }

// MARK: input

void carwindow_wayland_pointer_move(carwindow_wayland *c, uint32_t x, uint32_t y) {
    uint32_t width = c->output_width > 0 ? (uint32_t)c->output_width : 1;
    uint32_t height = c->output_height > 0 ? (uint32_t)c->output_height : 1;
    zwlr_virtual_pointer_v1_motion_absolute(c->pointer, now_ms(), x < width ? x : width - 1,
                                            y < height ? y : height - 1, width, height);
    zwlr_virtual_pointer_v1_frame(c->pointer);
}

void carwindow_wayland_pointer_button(carwindow_wayland *c, uint32_t code, int pressed) {
    zwlr_virtual_pointer_v1_button(c->pointer, now_ms(), code,
                                   pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
    zwlr_virtual_pointer_v1_frame(c->pointer);
}

void carwindow_wayland_pointer_wheel(carwindow_wayland *c, uint32_t axis, int steps) {
    uint32_t time = now_ms();
    zwlr_virtual_pointer_v1_axis_source(c->pointer, WL_POINTER_AXIS_SOURCE_WHEEL);
    // 15 is the distance one wheel click scrolls in libinput's units, which toolkits expect.
    zwlr_virtual_pointer_v1_axis_discrete(c->pointer, time, axis, wl_fixed_from_int(15 * steps), steps);
    zwlr_virtual_pointer_v1_frame(c->pointer);
}

// The xkb modifier mask of an evdev modifier key in the standard keymap (Shift, Control, Mod1 = Alt, Mod4 = Super).
static uint32_t modifier_mask(uint32_t code) {
    switch (code) {
    case 42: case 54: return 1u << 0;   // KEY_LEFTSHIFT, KEY_RIGHTSHIFT
    case 29: case 97: return 1u << 2;   // KEY_LEFTCTRL, KEY_RIGHTCTRL
    case 56: case 100: return 1u << 3;  // KEY_LEFTALT, KEY_RIGHTALT
    case 125: case 126: return 1u << 6; // KEY_LEFTMETA, KEY_RIGHTMETA
    default: return 0;
    }
}

void carwindow_wayland_key(carwindow_wayland *c, uint32_t code, int pressed) {
    zwp_virtual_keyboard_v1_key(c->keyboard, now_ms(), code,
                                pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
    uint32_t mask = modifier_mask(code);
    if (mask) {
        c->modifiers = pressed ? (c->modifiers | mask) : (c->modifiers & ~mask);
        zwp_virtual_keyboard_v1_modifiers(c->keyboard, c->modifiers, 0, 0, 0);
    }
}

int carwindow_wayland_type_keysyms(carwindow_wayland *c, const uint32_t *keysyms, size_t count) {
    if (count == 0) return 1;
    if (count > CARWINDOW_WAYLAND_MAX_TYPED_KEYSYMS) return 0;
    // A keymap with one key per distinct keysym, as if the keyboard were made for this text (xkb keycodes 9...,
    // evdev codes 1...); the standard keymap is put back after the keys.
    uint32_t distinct[CARWINDOW_WAYLAND_MAX_TYPED_KEYSYMS];
    uint32_t codes[CARWINDOW_WAYLAND_MAX_TYPED_KEYSYMS];
    size_t distinct_count = 0;
    for (size_t i = 0; i < count; i++) {
        size_t found = 0;
        while (found < distinct_count && distinct[found] != keysyms[i]) found++;
        if (found == distinct_count) distinct[distinct_count++] = keysyms[i];
        codes[i] = (uint32_t)found + 1;
    }
    size_t capacity = 512 + distinct_count * 64;
    char *text = malloc(capacity);
    if (!text) return 0;
    size_t used = (size_t)snprintf(text, capacity,
                                   "xkb_keymap {\n  xkb_keycodes \"carwindow\" {\n    minimum = 8;\n"
                                   "    maximum = %zu;\n",
                                   distinct_count + 9);
    for (size_t i = 0; i < distinct_count && used < capacity; i++)
        used += (size_t)snprintf(text + used, capacity - used, "    <K%zu> = %zu;\n", i, i + 9);
    if (used < capacity)
        used += (size_t)snprintf(text + used, capacity - used,
                                 "  };\n  xkb_types \"carwindow\" { include \"complete\" };\n"
                                 "  xkb_compat \"carwindow\" { include \"complete\" };\n"
                                 "  xkb_symbols \"carwindow\" {\n");
    for (size_t i = 0; i < distinct_count && used < capacity; i++)
        used += (size_t)snprintf(text + used, capacity - used, "    key <K%zu> { [ 0x%08x ] };\n", i, distinct[i]);
    if (used < capacity) used += (size_t)snprintf(text + used, capacity - used, "  };\n};\n");
    if (used >= capacity) {
        free(text);
        return 0;
    }
    int sent = send_keymap_text(c, text, used + 1);
    free(text);
    if (!sent) return 0;
    // No modifier applies to the typed keys.
    if (c->modifiers) zwp_virtual_keyboard_v1_modifiers(c->keyboard, 0, 0, 0, 0);
    for (size_t i = 0; i < count; i++) {
        zwp_virtual_keyboard_v1_key(c->keyboard, now_ms(), codes[i], WL_KEYBOARD_KEY_STATE_PRESSED);
        zwp_virtual_keyboard_v1_key(c->keyboard, now_ms(), codes[i], WL_KEYBOARD_KEY_STATE_RELEASED);
    }
    if (!send_keymap(c)) return 0;
    if (c->modifiers) zwp_virtual_keyboard_v1_modifiers(c->keyboard, c->modifiers, 0, 0, 0);
    return 1;
}

void carwindow_wayland_flush(carwindow_wayland *c) { wl_display_flush(c->display); }
