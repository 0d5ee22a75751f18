#!/usr/bin/env bash
# Runs the whole CarWindow test suite on a fresh Debian machine: installs what is missing, builds, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# --with-browser: the viewer tests drive a headless Chromium.
scripts/install-deps.sh --with-browser
echo "==> swift format lint (the style in .swift-format; fix with: swift format format -i -r -p Sources Tests Examples Package.swift)"
swift format lint --strict -r -p Sources Tests Examples Package.swift
echo "==> swift build"
swift build --build-tests
# DocC catalogs of the public libraries: a broken symbol link fails here (scripts/docs.sh).
scripts/docs.sh
source scripts/test-phases.sh
echo "==> swift test: the suites that talk in real time (emulator, session, CLI, X11, browser)"
# The audio pace measurement is timing: it runs alone, after the rest, so CPU-heavy suites do not skew it. Bitrate
# adaptation streams into a throttled link and waits 30 s of clear link before the target may rise again: about
# 35 s alone, far longer when ~780 other tests share the cores, so it runs alone too.
run_tests 20m --skip-build --skip "$computing" --skip SDLAudioIntegrationTests.AudioPaceTests \
    --skip StreamingIntegrationTests.BitrateAdaptationTests
echo "==> swift test: the suites that compute (wire, RPC, media, audio, views, fuzzing)"
run_tests 15m --skip-build --filter "$computing"
echo "==> swift test: audio pace beside video, alone"
run_tests 5m --skip-build --filter SDLAudioIntegrationTests.AudioPaceTests
echo "==> swift test: bitrate adaptation against a throttled emulator link, alone"
run_tests 5m --skip-build --filter StreamingIntegrationTests.BitrateAdaptationTests
echo "==> swift test: docs/getting-started.md followed in a clean directory (builds the guide's package)"
(export CARWINDOW_GUIDE_CHECKLIST=1; run_tests 20m --skip-build --filter GettingStartedChecklistTests)
echo "==> carwindow bench soak --duration 60: every frame sent arrives in order and decodes (fails on any loss)"
"$(swift build --show-bin-path)/carwindow" bench soak --duration 60
