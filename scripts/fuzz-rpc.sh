#!/usr/bin/env bash
# Fuzzes the RPC models' JSON decoding and the head-unit emulator's handling of an app with libFuzzer for a bounded
# time (default 60 s). See docs/rpc.md, "Fuzzing".
# Usage: scripts/fuzz-rpc.sh [seconds] [extra libFuzzer flags...]
# FUZZ_CONFIGURATION=debug builds without optimisation (slower to run, quicker to build).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
configuration="${FUZZ_CONFIGURATION:-release}"
shift || true

# A separate scratch path keeps the instrumented build away from the normal one (and from fuzz-wire.sh's: the two
# fuzzers can be built at the same time).
swift build -c "$configuration" --scratch-path .build/fuzz-rpc \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCARWINDOW_LIBFUZZER --product SDLRPCFuzz

corpus=.build/fuzz-rpc-corpus
artifacts=.build/fuzz-rpc-artifacts
mkdir -p "$corpus" "$artifacts"
if [[ -z "$(ls -A "$corpus")" ]]; then
    # Seed from the Core 8.2 traces, as RandomizedRPCFuzzTests does: every RPC payload behind 0x00 (the model half),
    # and each trace's app side as one session behind 0x80 (settings 0, one raw-frame record per frame, then timers
    # and level changes).
    python3 - "$corpus" <<'PY'
import glob, json, sys
seen = set()
def write(name, data):
    open(f"{sys.argv[1]}/{name}", "wb").write(data)
for path in sorted(glob.glob("Tests/HeadUnitTests/Fixtures/traces/*.jsonl")):
    session = bytearray([0x80, 0x00])
    for line in open(path):
        frame = json.loads(line)
        if frame.get("len"):
            continue
        data = bytes.fromhex(frame["hex"])
        header = frame["header"]
        if header["frameType"] == 1 and header["serviceType"] == 7:
            payload = data[8 if header["version"] == 1 else 12:]
            if payload not in seen and len(payload) <= 20000:
                seen.add(payload)
                write(f"rpc{len(seen):03d}", b"\x00" + payload)
        if frame["dir"] == "app->core" and len(data) < 2000 and len(session) <= 6000:
            session += bytes([0, 0, len(data) >> 8, len(data) & 0xFF]) + data
    session += bytes([6, 0, 0, 0, 6, 1, 0, 0, 7, 2, 0, 0, 6, 0, 0, 0, 7, 3, 0, 0])
    write("session-" + path.split("/")[-1].removesuffix(".jsonl"), bytes(session))
PY
fi
exec ".build/fuzz-rpc/$configuration/SDLRPCFuzz" "$corpus" -max_total_time="$seconds" -max_len=8192 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts/" "$@"
