# Sourced by scripts/test.sh and scripts/suite-under-load.sh: the suites that compute for seconds (decoding corpora,
# encoding clips, fuzzing, rendering goldens). They run in a phase of their own. Beside the suites that talk to an
# emulator or a child process in real time they held both threads of the cooperative pool for tens of seconds, and
# an in-process app's 5 s StartService deadline passed while its answer waited behind them (docs/lab/test-suite.md,
# "How the suite keeps the pool free"). A new suite that computes for more than a second goes on this list.
computing='SDLWireTests|SDLMediaTests|SDLAudioTests\.|SDLRPCTests|CarWindowTests\.|CarWindowUITests\.'
computing+='|HeadUnitTests\.RandomizedRPCFuzzTests|HeadUnitTests\.RPCFuzzRegressionTests|HeadUnitTests\.TraceReplayTests'
# The real-time suites run at most this many tests at once (Swift Testing's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH,
# unbounded by default): started all together, ~540 tests queued their jobs on the 2-thread pool at once and in-process
# apps still missed their 5 s StartService deadline in a clean-clone run; at 4 none did, for 90 s -> 122 s of wall time.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4

# Runs `swift test ARGS...` within LIMIT (timeout(1) syntax, e.g. 20m). A test whose await is never resumed ignores
# Swift Testing's time limits (they cancel, and such an await does not listen), so without a bound one hang would eat
# CI's whole budget and say nothing. Past the bound the phase fails and names the tests that started and never
# finished: that list is where to look.
run_tests() {
    local limit=$1
    shift
    local log status=0
    log=$(mktemp)
    timeout --kill-after=30s "$limit" swift test "$@" 2>&1 | tee "$log" || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        # swift test does not pass the signal on to the test process.
        pkill -f "$(swift build --show-bin-path)/CarWindowPackageTests.xctest" || true
        echo
        echo "error: swift test $* did not finish within $limit; these tests started and never finished:"
        sed 's/\x1b\[[0-9;]*m//g' "$log" | awk '
            / Test run / { next }
            # A parameterized test starts and ends once, as itself; its cases are counted inside it.
            / Test case passing / { next }
            # The name is the quoted display name (which may itself say "passed") or the function name.
            function testName(line) {
                sub(/^[^ ]* Test /, "", line)
                return match(line, /^"[^"]*"|^[^ ]+/) ? substr(line, RSTART, RLENGTH) : line
            }
            / Test .* started\.$/ { open[testName($0)]++ }
            / Test .* (passed|failed|skipped)/ { open[testName($0)]-- }
            END {
                for (name in open) if (open[name] > 0) { print "  " name; listed++ }
                if (!listed) print "  (none: it hung before the first test started or after the last one ended)"
            }'
    fi
    rm -f "$log"
    return "$status"
}
