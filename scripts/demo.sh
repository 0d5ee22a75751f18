#!/usr/bin/env bash
# Runs the CarWindow demo on a fresh Debian machine: installs what is missing, builds, starts `carwindow demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product carwindow
exec .build/release/carwindow --help "$@"
