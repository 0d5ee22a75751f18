#!/usr/bin/env bash
# Installs the Debian packages CarWindow needs, only those that are missing.
# Usage: scripts/install-deps.sh [--with-browser]
set -euo pipefail

packages=(
    pkg-config
    python3
    libopenh264-dev
    libyuv-dev
    libcairo2-dev
    libpango1.0-dev
    librsvg2-dev
    libturbojpeg0-dev
    fonts-dejavu-core
    ffmpeg
    libssl-dev
    libavformat-dev
    libavcodec-dev
    libswresample-dev
    libavutil-dev
    gstreamer1.0-tools
    gstreamer1.0-plugins-base
    gstreamer1.0-plugins-good
    gstreamer1.0-plugins-bad
    # CarWindowX11 (`carwindow project`): XCB with MIT-SHM, DAMAGE, XFIXES, XTEST; AT-SPI; and at run time a
    # private X server, D-Bus session and accessibility bus per projection.
    libxcb1-dev
    libxcb-shm0-dev
    libxcb-damage0-dev
    libxcb-xfixes0-dev
    libxcb-xtest0-dev
    libxcb-randr0-dev
    libatspi2.0-dev
    # GIO's GDBus serves the Settings portal (night for Chromium, Electron and GTK on Wayland).
    libglib2.0-dev
    xvfb
    dbus
    dbus-x11
    at-spi2-core
    # Night reaches a projected program through its display's XSETTINGS (xsettingsd); GTK 3's Adwaita-dark theme.
    xsettingsd
    gnome-themes-extra
    # setpriv: projected programs, Xvfb and the bus get SIGTERM when carwindow dies, even by SIGKILL.
    util-linux
    # Test programs for the X11 projection tests: xcalc; GTK 3, GTK 4 and Qt 5 programs run by Debian's python3.
    x11-apps
    x11-xserver-utils
    python3-gi
    gir1.2-gtk-3.0
    gir1.2-gtk-4.0
    python3-pyqt5
    # CarWindowWayland (`carwindow project --wayland`): libwayland-client (libwayland-dev, which brings
    # wayland-scanner for scripts/generate-wayland-protocols.sh), a headless sway per projection at run time, and
    # foot, the Wayland-only test program; Qt 5's Wayland platform plugin for the Qt test.
    libwayland-dev
    sway
    foot
    qtwayland5
)
# Chromium (headless) runs the viewer's browser tests (Tests/HeadUnitViewerTests/BrowserTests.swift); it is large,
# so only scripts/test.sh and those who ask get it.
if [[ "${1:-}" == "--with-browser" ]]; then
    packages+=(chromium)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if ((${#missing[@]})); then
    echo "==> installing: ${missing[*]}"
    sudo_cmd=()
    if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "error: the Swift toolchain (6.1 or newer) is not on PATH; install it from swift.org first" >&2
    exit 1
fi
if ! swift format --version >/dev/null 2>&1; then
    echo "error: 'swift format' is missing; the test command lints with it (it ships with Swift 6.0 toolchains and newer)" >&2
    exit 1
fi
