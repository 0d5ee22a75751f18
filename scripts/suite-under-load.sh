#!/usr/bin/env bash
# Runs the main test suite RUNS times in a row (default 3) while a clean build of this package, repeated in a
# temporary clone at nice 10, keeps both cores busy: the check issue #14 asks for ("the suite passes three times in a
# row while another build keeps both cores busy"). Stops at the first failing run. See docs/testing.md.
# Usage: scripts/suite-under-load.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
source scripts/test-phases.sh
swift build --build-tests

load=$(mktemp -d /tmp/carwindow-load.XXXXXX)
git clone -q . "$load/clone"
# In a process group of its own (setsid), so that the whole build, compilers included, ends with the script.
setsid bash -c '
    cd "$1/clone"
    while true; do
        rm -rf .build
        nice -n 10 swift build --build-tests -j 2 > "$1/build.log" 2>&1 || true
    done
' loader "$load" &
loader=$!
# swift-build starts its compilers in process groups of their own: end whatever still works in the clone too.
trap 'kill -- -"$loader" 2>/dev/null; sleep 1; kill -9 -- -"$loader" 2>/dev/null; pkill -9 -f "$load/" 2>/dev/null;
    rm -rf "$load"' EXIT
sleep 60   # let the other build get going

for run in $(seq 1 "$runs"); do
    echo "==> run $run of $runs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    log="$load/run-$run.log"
    if swift test --skip-build --skip "$computing" --skip SDLAudioIntegrationTests.AudioPaceTests \
        --skip StreamingIntegrationTests.BitrateAdaptationTests > "$log" 2>&1 &&
        swift test --skip-build --filter "$computing" >> "$log" 2>&1; then
        grep -E "Test run with" "$log"
    else
        grep -E "✘" "$log" | head -20
        echo "run $run failed"
        exit 1
    fi
done
echo "==> $runs runs in a row passed under load"
