#!/usr/bin/env bash
# Runs the CarWindow demo on a fresh Debian machine: installs what is missing, builds, starts `carwindow demo`.
# Arguments are passed to it, e.g. `scripts/demo.sh --duration 30 --record /tmp/demo --events -`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product carwindow
exec .build/release/carwindow demo "$@"
