#!/usr/bin/env bash
# Protected video against the emulator's SDL Core TLS 1.3 race (docs/security.md, "SDL Core's TLS 1.3 race"):
# RUNS streams per source, protocol and --tls-max, each against `carwindow headunit --ack-overwrites-finished RATE`.
# A run counts as streaming when it exits 0 and its events say videoStarted with "encrypted":true.
#
#   scripts/tls-race-runs.sh CA.pem APP-CHAIN.pem APP-KEY.pem [RUNS=20] [RATE=always] [TLS="1.2 1.3"]
#
# Certificates as in docs/security.md ("Making a certificate that passes"), naming the app id swiftsdl-nav.
set -u
ca=$1 chain=$2 key=$3 runs=${4:-20} rate=${5:-always} tls_list=${6:-"1.2 1.3"}
carwindow=${CARWINDOW:-.build/debug/carwindow}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for protocol in 5.4.1 4.3.0; do
    "$carwindow" headunit --port 0 --trust-ca "$ca" --force-protected video --ack-overwrites-finished "$rate" \
        --protocol-version "$protocol" > "$work/headunit.out" 2>&1 &
    headunit=$!
    port=""
    for _ in $(seq 1 300); do
        port=$(sed -n 's/^carwindow head unit listening on [^:]*:\([0-9]*\) .*/\1/p' "$work/headunit.out")
        [ -n "$port" ] && break
        sleep 0.2
    done
    [ -n "$port" ] || { echo "the head unit did not start"; cat "$work/headunit.out"; exit 1; }
    for tls in $tls_list; do
        for source in pattern demo; do
            ok=0 failed=0 named=0
            for run in $(seq 1 "$runs"); do
                "$carwindow" stream --core "127.0.0.1:$port" --app-id swiftsdl-nav --source "$source" --fps 10 \
                    --duration 2 --certificate "$chain" --key "$key" --tls-max "$tls" --events "$work/events" \
                    2> "$work/stderr" > /dev/null
                status=$?
                if [ "$status" = 0 ] && grep -q '"event":"videoStarted".*"encrypted":true' "$work/events"; then
                    ok=$((ok + 1))
                else
                    failed=$((failed + 1))
                    [ "$status" = 1 ] && grep -q "TLS handshake failed" "$work/stderr" && named=$((named + 1))
                    [ "$failed" = 1 ] && echo "  first failure (exit $status): $(cat "$work/stderr")"
                fi
            done
            echo "protocol $protocol, --tls-max $tls, $source, race $rate: $ok/$runs streamed protected;" \
                "$failed failed ($named with exit 1 and 'TLS handshake failed')"
        done
    done
    kill -INT "$headunit"; wait "$headunit"
done
