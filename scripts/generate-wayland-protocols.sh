#!/usr/bin/env bash
# Regenerates the C bindings of the Wayland protocols CarWindowWayland speaks (protocols/wayland/*.xml) into
# Sources/CWaylandClient. The output is committed: a build needs no wayland-scanner, and a diff shows exactly what
# a protocol change does. Needs Debian's libwayland-bin. Usage: scripts/generate-wayland-protocols.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/CWaylandClient
for xml in protocols/wayland/*.xml; do
    name=$(basename "$xml" .xml)
    wayland-scanner client-header "$xml" "$out/$name-client-protocol.h"
    wayland-scanner private-code "$xml" "$out/$name-protocol.c"
done
