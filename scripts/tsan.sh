#!/usr/bin/env bash
# Runs the test suite and the CLI's soak and hostile benches under ThreadSanitizer, in a build of its own
# (.build/tsan by default, so the normal .build stays usable), and fails if any process reported a data race.
# Each process writes its reports to $LOGS/tsan.<pid>; a run without a report leaves no such file. See
# docs/testing.md, "Checking for races".
# Usage: scripts/tsan.sh [SCRATCH] [LOGS]
set -uo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build/tsan}"
logs="${2:-$(mktemp -d /tmp/carwindow-tsan.XXXXXX)}"
mkdir -p "$logs"
logs="$(cd "$logs" && pwd)"
rm -f "$logs"/tsan.*

swift build --build-tests --sanitize=thread --scratch-path "$scratch" || exit 1
bin="$(swift build --sanitize=thread --scratch-path "$scratch" --show-bin-path)"

# halt_on_error=0: report every race, not only the first. log_path: the carwindow processes the CLI tests start
# inherit it, so their reports are kept too. SWIFT_BACKTRACE=enable=no: the Swift backtracer forks on a crash, which
# trips a CHECK in TSan's runtime; without it TSan prints the crash with symbolised frames itself.
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 report_signal_unsafe=0 handle_sigill=1 \
log_path=$logs/tsan"
export SWIFT_BACKTRACE=enable=no

# The audio pace measurement is timing, meaningless at TSan's speed (scripts/test.sh runs it alone).
echo "==> swift test under TSan"
swift test --skip-build --sanitize=thread --scratch-path "$scratch" \
    --skip SDLAudioIntegrationTests.AudioPaceTests > "$logs/suite.log" 2>&1
echo "    exit status $? (tail of $logs/suite.log:)"
tail -n 1 "$logs/suite.log"
echo "==> carwindow bench soak --duration 10 under TSan"
"$bin/carwindow" bench soak --duration 10 > "$logs/soak.log" 2>&1
echo "    exit status $?; $(grep '^result:' "$logs/soak.log")"
echo "==> carwindow bench hostile under TSan"
"$bin/carwindow" bench hostile > "$logs/hostile.log" 2>&1
echo "    exit status $?"

reports=$(cat "$logs"/tsan.* 2>/dev/null | grep -cE '(WARNING|ERROR): ThreadSanitizer')
echo "==> $reports ThreadSanitizer report(s); logs in $logs"
if [ "$reports" -ne 0 ]; then
    grep -h 'SUMMARY: ThreadSanitizer' "$logs"/tsan.* | sort | uniq -c
    exit 1
fi
