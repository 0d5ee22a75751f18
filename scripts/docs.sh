#!/usr/bin/env bash
# Builds the DocC documentation of the public library products with swift-docc-plugin, and fails on a broken or
# ambiguous symbol link (the other DocC warnings, such as an undocumented parameter, are printed, not fatal).
# The CarWindow catalog's getting-started article is docs/getting-started.md itself (a symbolic link), so the two
# cannot drift apart. The archives land in .build/plugins/Swift-DocC/outputs/. See docs/testing.md, "Documentation".
# Usage: scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(CarWindow CarWindowUI ProjectionInput SDLSession SDLProjection HeadUnit CarWindowTesting)
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done
log=$(mktemp /tmp/carwindow-docs.XXXXXX)
trap 'rm -f "$log"' EXIT
echo "==> DocC: ${targets[*]}"
if ! swift package --disable-sandbox generate-documentation "${arguments[@]}" > "$log" 2>&1; then
    tail -40 "$log"
    echo "error: generate-documentation failed (above)"
    exit 1
fi
# A link warning names the symbol it could not find, then where: keep both lines.
broken=$(grep -A1 -E "warning: .*(doesn't exist|is ambiguous|fails to resolve|[Cc]an't resolve|[Uu]nresolved)" "$log" || true)
others=$(grep -c "warning:" "$log" || true)
if [[ -n "$broken" ]]; then
    echo "$broken"
    echo "error: DocC found broken symbol links (above): link a public symbol of the same module with \`\`Name\`\`,"
    echo "       and write anything else (another module's symbol, an internal one) in single backticks"
    exit 1
fi
echo "DocC: ${#targets[@]} catalogs built, no broken symbol link ($others other warnings)"
