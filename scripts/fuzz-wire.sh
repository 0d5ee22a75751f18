#!/usr/bin/env bash
# Fuzzes SDLWire with libFuzzer for a bounded time (default 60 s). See docs/wire.md, "Fuzzing".
# Usage: scripts/fuzz-wire.sh [seconds] [extra libFuzzer flags...]
# FUZZ_CONFIGURATION=debug builds without optimisation: quicker to build, about 15x slower to run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
configuration="${FUZZ_CONFIGURATION:-release}"
shift || true

# A separate scratch path keeps the instrumented build away from the normal one.
swift build -c "$configuration" --scratch-path .build/fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCARWINDOW_LIBFUZZER --product SDLWireFuzz

corpus=.build/fuzz-corpus
artifacts=.build/fuzz-artifacts
mkdir -p "$corpus" "$artifacts"
if [[ -z "$(ls -A "$corpus")" && -d Tests/HeadUnitTests/Fixtures/traces ]]; then
    # Seed with every complete frame of the Core 8.2 traces, behind the harness's settings byte (0x04).
    python3 - "$corpus" <<'PY'
import glob, json, sys
seen = set()
for path in sorted(glob.glob("Tests/HeadUnitTests/Fixtures/traces/*.jsonl")):
    for line in open(path):
        frame = json.loads(line)
        data = bytes.fromhex(frame["hex"])
        if frame.get("len") or data in seen or len(data) > 4000:
            continue
        seen.add(data)
        open(f"{sys.argv[1]}/trace{len(seen):03d}", "wb").write(b"\x04" + data)
PY
fi
exec ".build/fuzz/$configuration/SDLWireFuzz" "$corpus" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" "$@"
