#include "carwindow_portal.h"

#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

// Written from the portal's D-Bus documentation (org.freedesktop.portal.Settings, version 2): Read (deprecated, its
// value wrapped twice), ReadOne, ReadAll and SettingChanged. Only the appearance keys are served; anything else is
// NotFound, as a portal without that setting answers.
static const char introspection[] =
    "<node>"
    " <interface name='org.freedesktop.portal.Settings'>"
    "  <method name='ReadAll'><arg type='as' name='namespaces' direction='in'/>"
    "   <arg type='a{sa{sv}}' name='value' direction='out'/></method>"
    "  <method name='Read'><arg type='s' name='namespace' direction='in'/><arg type='s' name='key' direction='in'/>"
    "   <arg type='v' name='value' direction='out'/></method>"
    "  <method name='ReadOne'><arg type='s' name='namespace' direction='in'/><arg type='s' name='key' direction='in'/>"
    "   <arg type='v' name='value' direction='out'/></method>"
    "  <signal name='SettingChanged'><arg type='s' name='namespace'/><arg type='s' name='key'/>"
    "   <arg type='v' name='value'/></signal>"
    "  <property name='version' type='u' access='read'/>"
    " </interface>"
    // Chromium takes the portal as present only when an interface's version can be read; the file chooser's is
    // the one it asks for. Version 0 offers no file chooser.
    " <interface name='org.freedesktop.portal.FileChooser'>"
    "  <property name='version' type='u' access='read'/>"
    " </interface>"
    "</node>";

static const char appearance[] = "org.freedesktop.appearance";
static const char gnome_interface[] = "org.gnome.desktop.interface";
static const char portal_path[] = "/org/freedesktop/portal/desktop";

struct carwindow_portal {
    GMainContext *context;
    GMainLoop *loop;
    GThread *thread;
    GDBusConnection *connection;
    GDBusNodeInfo *node;
    guint registrations[2];
    guint name;
    volatile gint dark;
};

// The value of one key, or NULL when the portal does not serve it.
static GVariant *setting(carwindow_portal *p, const char *namespace, const char *key) {
    int dark = g_atomic_int_get(&p->dark);
    if (g_strcmp0(namespace, appearance) == 0 && g_strcmp0(key, "color-scheme") == 0)
        return g_variant_new_uint32(dark ? 1 : 2);  // 1 prefer dark, 2 prefer light
    if (g_strcmp0(namespace, gnome_interface) == 0 && g_strcmp0(key, "color-scheme") == 0)
        return g_variant_new_string(dark ? "prefer-dark" : "prefer-light");
    if (g_strcmp0(namespace, gnome_interface) == 0 && g_strcmp0(key, "gtk-theme") == 0)
        return g_variant_new_string(dark ? "Adwaita-dark" : "Adwaita");
    return NULL;
}

// Whether `namespace` matches one of ReadAll's patterns (a trailing '*' matches any rest; none given: all).
static gboolean wanted(GVariant *patterns, const char *namespace) {
    gsize count = g_variant_n_children(patterns);
    if (count == 0) return TRUE;
    for (gsize i = 0; i < count; i++) {
        GVariant *child = g_variant_get_child_value(patterns, i);
        const char *pattern = g_variant_get_string(child, NULL);
        size_t length = strlen(pattern);
        gboolean match = length > 0 && pattern[length - 1] == '*' ? strncmp(pattern, namespace, length - 1) == 0
                                                                  : g_strcmp0(pattern, namespace) == 0;
        g_variant_unref(child);
        if (match) return TRUE;
    }
    return FALSE;
}

static void add_namespace(carwindow_portal *p, GVariantBuilder *all, const char *namespace, const char *const *keys) {
    GVariantBuilder values;
    g_variant_builder_init(&values, G_VARIANT_TYPE("a{sv}"));
    for (const char *const *key = keys; *key; key++) g_variant_builder_add(&values, "{sv}", *key, setting(p, namespace, *key));
    g_variant_builder_add(all, "{sa{sv}}", namespace, &values);
}

static void method_call(GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                        const char *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data) {
    carwindow_portal *p = data;
    if (g_strcmp0(method, "ReadAll") == 0) {
        GVariant *patterns = g_variant_get_child_value(parameters, 0);
        GVariantBuilder all;
        g_variant_builder_init(&all, G_VARIANT_TYPE("a{sa{sv}}"));
        static const char *const appearance_keys[] = {"color-scheme", NULL};
        static const char *const gnome_keys[] = {"color-scheme", "gtk-theme", NULL};
        if (wanted(patterns, appearance)) add_namespace(p, &all, appearance, appearance_keys);
        if (wanted(patterns, gnome_interface)) add_namespace(p, &all, gnome_interface, gnome_keys);
        g_variant_unref(patterns);
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(a{sa{sv}})", &all));
        return;
    }
    const char *namespace = NULL, *key = NULL;
    g_variant_get(parameters, "(&s&s)", &namespace, &key);
    GVariant *value = setting(p, namespace, key);
    if (!value) {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.portal.Error.NotFound",
                                                   "Requested setting not found");
        return;
    }
    // Read's answer is the value in a variant in the reply's variant; ReadOne's is the value in the variant.
    GVariant *reply = g_strcmp0(method, "Read") == 0 ? g_variant_new("(v)", g_variant_new_variant(value))
                                                      : g_variant_new("(v)", value);
    g_dbus_method_invocation_return_value(invocation, reply);
}

static GVariant *get_property(GDBusConnection *connection, const char *sender, const char *path,
                              const char *interface, const char *property, GError **error, gpointer data) {
    return g_variant_new_uint32(g_strcmp0(interface, "org.freedesktop.portal.Settings") == 0 ? 2 : 3);
}

static const GDBusInterfaceVTable vtable = {method_call, get_property, NULL, {0}};

static void emit(carwindow_portal *p, const char *namespace, const char *key) {
    g_dbus_connection_emit_signal(p->connection, NULL, portal_path, "org.freedesktop.portal.Settings",
                                  "SettingChanged", g_variant_new("(ssv)", namespace, key, setting(p, namespace, key)),
                                  NULL);
}

static gboolean announce(gpointer data) {
    carwindow_portal *p = data;
    emit(p, appearance, "color-scheme");
    emit(p, gnome_interface, "color-scheme");
    emit(p, gnome_interface, "gtk-theme");
    g_dbus_connection_flush(p->connection, NULL, NULL, NULL);
    return G_SOURCE_REMOVE;
}

static gpointer serve(gpointer data) {
    carwindow_portal *p = data;
    g_main_context_push_thread_default(p->context);
    g_main_loop_run(p->loop);
    g_main_context_pop_thread_default(p->context);
    return NULL;
}

carwindow_portal *carwindow_portal_start(const char *bus_address, int dark, char *error, size_t error_size) {
    GError *failure = NULL;
    carwindow_portal *p = g_new0(carwindow_portal, 1);
    p->dark = dark ? 1 : 0;
    p->context = g_main_context_new();
    p->loop = g_main_loop_new(p->context, FALSE);
    // Registrations dispatch in the thread-default context at the time they are made: the portal's own.
    g_main_context_push_thread_default(p->context);
    p->connection = g_dbus_connection_new_for_address_sync(
        bus_address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
        NULL, NULL, &failure);
    if (p->connection) {
        p->node = g_dbus_node_info_new_for_xml(introspection, NULL);
        for (int i = 0; i < 2 && p->node; i++)
            p->registrations[i] = g_dbus_connection_register_object(p->connection, portal_path, p->node->interfaces[i],
                                                                    &vtable, p, NULL, &failure);
        p->name = g_bus_own_name_on_connection(p->connection, "org.freedesktop.portal.Desktop",
                                               G_BUS_NAME_OWNER_FLAGS_NONE, NULL, NULL, NULL, NULL);
    }
    g_main_context_pop_thread_default(p->context);
    if (!p->connection || !p->registrations[0] || !p->registrations[1]) {
        snprintf(error, error_size, "%s", failure ? failure->message : "cannot export the portal");
        g_clear_error(&failure);
        carwindow_portal_stop(p);
        return NULL;
    }
    p->thread = g_thread_new("carwindow-portal", serve, p);
    return p;
}

void carwindow_portal_set_dark(carwindow_portal *p, int dark) {
    if (g_atomic_int_get(&p->dark) == (dark ? 1 : 0)) return;
    g_atomic_int_set(&p->dark, dark ? 1 : 0);
    g_main_context_invoke(p->context, announce, p);
}

void carwindow_portal_stop(carwindow_portal *p) {
    if (p->thread) {
        g_main_loop_quit(p->loop);
        g_thread_join(p->thread);
    }
    if (p->connection) {
        if (p->name) g_bus_unown_name(p->name);
        for (int i = 0; i < 2; i++)
            if (p->registrations[i]) g_dbus_connection_unregister_object(p->connection, p->registrations[i]);
        g_dbus_connection_close_sync(p->connection, NULL, NULL);
        g_object_unref(p->connection);
    }
    if (p->node) g_dbus_node_info_unref(p->node);
    g_main_loop_unref(p->loop);
    g_main_context_unref(p->context);
    g_free(p);
}
